import type { ContactInfo, Profile, SocialLink, Testimonial } from '../../../common/schemas/content.ts';

/** What the home page's loader hands to the profile sections. */
export interface HomeProfile {
  profile: Profile;
  socialLinks: SocialLink[];
  quoteSocialLinks: SocialLink[];
  contactInfo: ContactInfo;
  additionalSkills: readonly string[];
  testimonials: Testimonial[];
}
