import type { ShownTestimonial } from '../../../common/schemas/testimonials.ts';
import { longDate } from '../../lib/dates.ts';
import { Quote, ShieldCheck } from '../../ui/icons.tsx';

/** #testimonials: what clients say; a client's own words, approved by the owner, carry 'Verified client'. */
export function Testimonials({ testimonials }: { testimonials: ShownTestimonial[] }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          What Clients Say
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial) => (
            <li key={testimonial.quote}>
              <figure className="flex h-full flex-col rounded-lg border border-border bg-card p-6">
                <div className="flex items-center justify-between gap-3">
                  <Quote className="h-6 w-6 text-primary" />
                  {testimonial.rating !== null && (
                    // Text stars: the home page loads no rating component for them.
                    <span
                      role="img"
                      aria-label={`${testimonial.rating} out of 5 stars`}
                      className="text-amber-500"
                    >
                      {'★'.repeat(testimonial.rating)}
                      <span className="text-muted-foreground/40">{'★'.repeat(5 - testimonial.rating)}</span>
                    </span>
                  )}
                </div>
                <blockquote className="mt-3 flex-1 leading-7 break-words">{testimonial.quote}</blockquote>
                <figcaption className="mt-4">
                  <p className="font-semibold">{testimonial.name}</p>
                  <p className="text-sm text-muted-foreground break-words">
                    {[testimonial.role, testimonial.company].filter(Boolean).join(', ')}
                  </p>
                  {testimonial.verified && (
                    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span className="inline-flex items-center gap-1 rounded-full border border-accent bg-accent/10 px-2 py-0.5 font-medium text-foreground">
                        <ShieldCheck className="h-3.5 w-3.5 text-accent" />
                        Verified client
                      </span>
                      {testimonial.date && (
                        <time dateTime={testimonial.date}>{longDate(testimonial.date)}</time>
                      )}
                    </p>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
