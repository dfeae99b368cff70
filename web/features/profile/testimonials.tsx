import type { Testimonial } from '../../../common/schemas/content.ts';
import { Quote } from '../../ui/icons.tsx';

/** #testimonials: what clients say. */
export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          What Clients Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-lg border border-border bg-card p-6">
                <Quote className="h-6 w-6 text-primary" />
                <blockquote className="mt-3 flex-1 leading-7">{testimonial.quote}</blockquote>
                <figcaption className="mt-4">
                  <p className="font-semibold">{testimonial.name}</p>
                  <p className="text-sm text-muted-foreground">{testimonial.role}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
