import { type Testimonial, testimonialSchema } from '../common/schemas/content.ts';

/*
 * OWNER: these testimonials are placeholders written for the project, to show
 * the section's layout. Replace them with words your clients agreed to have
 * published (and their names as they want them shown) before going live.
 */
export const testimonials: Testimonial[] = testimonialSchema.array().parse([
  {
    quote:
      'Our bakery went from a paper order book to online pre-orders in three weeks. Jordan explained every step in plain words and still answers the phone when something looks odd.',
    name: 'Maria G.',
    role: 'Owner, neighbourhood bakery in Decatur',
  },
  {
    quote:
      'Jordan rebuilt our booking system and cut the double bookings to zero. The new site loads fast on the phones our customers actually use.',
    name: 'Derrick T.',
    role: 'Manager, auto detailing shop',
  },
  {
    quote:
      'Lost the only key to our work van on a Friday evening. Jordan cut and programmed a new one in the parking lot, then fixed our shop tablet while he was there.',
    name: 'Alicia R.',
    role: 'Operations lead, catering company',
  },
]);
