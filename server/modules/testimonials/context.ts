/**
 * What the parts of the testimonial service share (issue 63): the database, the options with
 * their clock, the home page's list read afresh, and a request's private link.
 */
import type { Testimonial } from '../../../common/schemas/content.ts';
import type { Db } from '../../db/client.ts';

/** Where a client writes: `${siteUrl}${TESTIMONIAL_LINK_PATH}${token}`. */
export const TESTIMONIAL_LINK_PATH = '/testimonial/';

export const TESTIMONIAL_NOT_FOUND = 'This testimonial link is not valid. Please ask for a new one.';
export const NOTHING_TO_WITHDRAW = 'There is nothing to withdraw yet.';
export const NOT_SUBMITTED = 'The client has not sent this testimonial yet.';

export interface TestimonialOptions {
  siteUrl: string;
  ownerName: string;
  /** Shown while no approved testimonial exists. */
  placeholders: Testimonial[];
  now?: () => Date;
}

export interface TestimonialContext {
  db: Db;
  options: TestimonialOptions;
  now: () => Date;
  /** The home page's testimonials are read afresh after this. */
  forgetShown: () => unknown;
}

/** Where a client writes, for a request's token. */
export const linkFor = ({ options }: TestimonialContext, token: string) =>
  `${options.siteUrl}${TESTIMONIAL_LINK_PATH}${token}`;

export const iso = (value: Date | null) => (value ? value.toISOString() : null);
