import { PROJECT_IDS } from '../common/constants.ts';
import { type Project, projectSchema } from '../common/schemas/project.ts';

/*
 * OWNER: the seven built-in projects. Ids are fixed by the spec (they appear in
 * URLs); texts, links and images are yours to edit. Images live in
 * content/images/projects/ and are served from /images/projects/.
 */

const projectList: Project[] = [
  {
    id: 'keycode-help',
    title: 'Keycode Help',
    description:
      'A lookup and job tool for automotive locksmiths: key codes, transponder types and programming notes by make, model and year.',
    details:
      'Keycode Help grew out of my own locksmith work. At the roadside you need the right blank, the chip type and the programming procedure in seconds, usually with one hand and bad signal. The app caches the reference data offline, records each job with photos and the customer signature, and sends the invoice before you leave the driveway.',
    image: '/images/projects/keycode-help.svg',
    tags: ['React', 'Node.js', 'PostgreSQL', 'Automotive', 'Locksmith', 'PWA'],
    category: 'business',
    githubUrl: 'https://github.com/jordanellis-dev/keycode-help',
    liveUrl: 'https://keycodehelp.com',
    demoUrl: 'https://keycodehelp.com/demo',
    demoType: 'iframe',
    demoConfig: { width: '100%', height: 650, allowFullscreen: true, isResponsive: true },
    techStack: ['React', 'TypeScript', 'Node.js', 'Fastify', 'PostgreSQL', 'Service Workers'],
    highlights: [
      'Key code, chip and procedure lookup in under a second, even offline',
      'Job records with photos, signature and instant invoicing',
      'Built from real roadside locksmith work, not guesswork',
      'Used daily by technicians across metro Atlanta',
    ],
    synopsis: {
      tagline: 'Roadside answers for automotive locksmiths.',
      description:
        'A progressive web app that puts key codes, transponder data and programming procedures in a locksmith’s pocket, with job tracking and invoicing built in.',
      caseStudy: {
        problem:
          'Locksmiths juggle paper charts, forum threads and three different apps to cut and program one key, and lose jobs to slow answers.',
        role: ['Product owner', 'Full-stack developer', 'Field tester'],
        stack: ['React', 'TypeScript', 'Fastify', 'PostgreSQL', 'Workbox'],
        features: [
          'Vehicle search by make, model and year with chip and blank data',
          'Offline cache of the reference data',
          'Job log with photos and customer signature',
          'Invoice by email or text from the job screen',
        ],
        status: 'Beta with paying early users',
        nextSteps: ['Shared team accounts', 'Parts ordering from suppliers', 'Android home-screen widgets'],
      },
    },
  },
  {
    id: 'portfolio-website',
    title: 'Portfolio Website',
    description:
      'This site: a server-rendered portfolio and blog with endorsements, moderated comments, quote requests and AI recommendations.',
    details:
      'One TypeScript codebase from database to browser. Pages are rendered on the server for speed and search engines, then hydrated with React. One set of zod schemas validates every form on both sides. It runs on an embedded PostgreSQL for a laptop or a managed PostgreSQL for production, and exports to a static copy for free hosting.',
    image: '/images/projects/portfolio-website.svg',
    tags: ['React', 'TypeScript', 'Fastify', 'PostgreSQL', 'SSR'],
    category: 'web',
    githubUrl: 'https://github.com/jordanellis-dev/portfolio',
    liveUrl: 'https://jordanellis.dev',
    demoType: 'github',
    demoConfig: { showCode: true, githubBranch: 'main', height: 400 },
    repoOwner: 'jordanellis-dev',
    repoName: 'portfolio',
    techStack: [
      'React',
      'React Router',
      'TypeScript',
      'Fastify',
      'Drizzle ORM',
      'PostgreSQL',
      'Tailwind CSS',
    ],
    highlights: [
      'Server-rendered pages with full SEO metadata',
      'One validation schema shared by forms and API',
      'Moderated comments and skill endorsements',
      'Runs with an embedded database or PostgreSQL',
    ],
    synopsis: {
      tagline: 'The site you are reading, built like a product.',
      description:
        'A portfolio that is itself a portfolio piece: fast, accessible, tested end to end, and easy for its owner to run.',
      caseStudy: {
        problem:
          'Template portfolios are slow, hard to update and say nothing about how their owner actually builds software.',
        role: ['Designer', 'Full-stack developer'],
        stack: ['React', 'React Router', 'Fastify', 'Drizzle ORM', 'PostgreSQL'],
        features: [
          'Blog with markdown, comments and guest posts',
          'Skill endorsements with ratings',
          'Quote requests stored and emailed',
          'AI project recommendations',
        ],
        status: 'Live in production',
        nextSteps: ['Newsletter', 'More case studies'],
      },
    },
  },
  {
    id: 'stackzen',
    title: 'Stackzen',
    description:
      'Project planning for small agencies: estimates, milestones and client updates in one calm workspace.',
    details:
      'Stackzen turns a client brief into an estimate, the estimate into milestones, and milestones into weekly updates the client can read without logging in. Time tracking feeds back into the next estimate, so quotes get more accurate with every job.',
    image: '/images/projects/stackzen.svg',
    tags: ['SaaS', 'React', 'Node.js', 'PostgreSQL', 'Project Management'],
    category: 'web',
    liveUrl: 'https://stackzen.app',
    demoUrl: 'https://stackzen.app/demo',
    demoType: 'custom',
    demoConfig: { width: '100%', height: 600, allowFullscreen: true, isResponsive: true },
    techStack: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Redis', 'Stripe'],
    highlights: [
      'Estimates that learn from tracked time',
      'Client update pages without client logins',
      'Milestone billing through Stripe',
      'Designed for teams of two to twenty',
    ],
    synopsis: {
      tagline: 'Calm project planning for small agencies.',
      description: 'From brief to estimate to delivery, with clients kept informed automatically.',
      caseStudy: {
        problem:
          'Small agencies under-quote, then drown in status emails. Existing tools are built for large teams and cost accordingly.',
        role: ['Founder', 'Lead developer', 'Designer'],
        stack: ['React', 'Node.js', 'PostgreSQL', 'Redis', 'Stripe'],
        features: [
          'Estimate builder with templates',
          'Milestones and time tracking',
          'Public client update pages',
          'Milestone invoicing',
        ],
        status: 'MVP build phase',
        nextSteps: ['Private beta with five agencies', 'Calendar integrations', 'Mobile time tracking'],
      },
    },
  },
  {
    id: 'inventory-management',
    title: 'Inventory Management System',
    description:
      'Stock, parts and purchase orders for a repair shop, with barcode scanning and low-stock alerts.',
    details:
      'Built for my repair bench and two partner shops. Every part is scanned in and out against a repair ticket, so the shop knows what each job really cost. Low-stock alerts and one-click purchase orders keep common parts on the shelf without tying up cash.',
    image: '/images/projects/inventory-management.svg',
    tags: ['React', 'Node.js', 'PostgreSQL', 'Inventory', 'Barcode'],
    category: 'business',
    githubUrl: 'https://github.com/jordanellis-dev/inventory-management',
    // A six-second clip of the app, self-hosted (scripts/make-demo-video.ts draws it).
    demoUrl: '/images/demos/inventory-management.webm',
    demoType: 'video',
    techStack: ['React', 'TypeScript', 'Express', 'PostgreSQL', 'Chart.js'],
    highlights: [
      'Barcode scanning from any phone camera',
      'Parts cost tracked per repair ticket',
      'Low-stock alerts and one-click purchase orders',
      'Reports on margin by job type',
    ],
  },
  {
    id: 'gatherly',
    title: 'Gatherly',
    description: 'Event RSVPs and reminders for community groups, with no app for guests to install.',
    details:
      'Gatherly lets an organiser publish an event page, collect RSVPs with dietary notes and plus-ones, and send reminders by email or text. Guests answer from a link; organisers see a live head-count and can export it for the caterer.',
    image: '/images/projects/gatherly.svg',
    tags: ['React', 'Node.js', 'Events', 'Community'],
    category: 'web',
    githubUrl: 'https://github.com/jordanellis-dev/gatherly',
    liveUrl: 'https://gatherly-events.app',
    demoType: 'github',
    demoConfig: { showCode: true, githubBranch: 'develop', height: 400 },
    repoOwner: 'jordanellis-dev',
    repoName: 'gatherly',
    techStack: ['React', 'Vite', 'Node.js', 'SQLite', 'Twilio'],
    highlights: [
      'Event pages in under a minute',
      'RSVPs without guest accounts',
      'Email and text reminders',
      'Live head-count and caterer export',
    ],
  },
  {
    id: 'ssi-met-repairs',
    title: 'SSI MET Repairs',
    description:
      'The booking site of my electronic repair and automotive locksmith business: quotes, appointments and repair tracking.',
    details:
      'Customers describe the fault, get an instant price range, and book a bench slot or a mobile locksmith visit. Each repair gets a tracking page with status updates, so the phone rings less and customers trust the process more. The site brings in 35% of our leads.',
    image: '/images/projects/ssi-met-repairs.svg',
    tags: ['Business', 'Booking', 'Electronics', 'Locksmith', 'Local SEO'],
    category: 'service',
    liveUrl: 'https://ssimetrepairs.com',
    demoType: 'iframe',
    demoConfig: { width: '100%', height: 600, allowFullscreen: false, isResponsive: true },
    techStack: ['React', 'Node.js', 'PostgreSQL', 'Google Business Profile'],
    highlights: [
      'Instant price ranges for common repairs',
      'Online booking for bench and mobile visits',
      'Repair tracking pages for customers',
      'Brings in 35% of the business’s leads',
    ],
    synopsis: {
      tagline: 'A local repair business, run on its own software.',
      description:
        'Quoting, booking and tracking for electronic repair and automotive locksmith jobs in Atlanta.',
      caseStudy: {
        problem:
          'Phone-only booking meant missed calls, no-shows and customers unsure what a repair would cost.',
        role: ['Owner', 'Developer', 'Technician'],
        stack: ['React', 'Node.js', 'PostgreSQL'],
        features: ['Price estimator', 'Appointment booking', 'Repair status pages', 'Review requests'],
        status: 'Live business',
        nextSteps: ['Parts availability on the estimator', 'Spanish translation'],
      },
    },
  },
  {
    id: 'web-development-services',
    title: 'Web Development Services',
    description:
      'Websites and web apps for small businesses: design, build, hosting and support from one person who answers the phone.',
    details:
      'I have built sites and tools for 12 small businesses: restaurants, a dental office, two contractors and a boutique gym among them. Every project starts with what the business needs to earn, and ends with a site the owner can update and a plan for keeping it fast and secure.',
    image: '/images/projects/web-development-services.svg',
    tags: ['Services', 'Web Design', 'Small Business', 'Hosting'],
    category: 'service',
    demoType: 'none',
    techStack: ['React', 'Next.js', 'Node.js', 'PostgreSQL', 'Tailwind CSS'],
    highlights: [
      'Fixed-price quotes with no surprises',
      'Fast, accessible, search-friendly sites',
      'Hosting, backups and updates included',
      'A reply within 24 hours, every time',
    ],
    synopsis: {
      tagline: 'Your website, handled.',
      description:
        'Design, development and care plans for small businesses that would rather run their business.',
      caseStudy: {
        problem:
          'Small businesses get stuck between expensive agencies and do-it-yourself builders that never get finished.',
        role: ['Consultant', 'Designer', 'Developer', 'Support'],
        stack: ['React', 'Next.js', 'Node.js', 'Tailwind CSS'],
        features: ['Discovery call', 'Fixed-price proposal', 'Build and launch', 'Monthly care plan'],
        status: 'Active service',
        nextSteps: ['Taking new clients for next quarter'],
      },
    },
  },
];

export const projects: readonly Project[] = projectSchema.array().parse(projectList);

/** A project by id, or undefined. */
export function findProject(id: string): Project | undefined {
  return projects.find((project) => project.id === id);
}

// The spec fixes the ids; a missing or extra one is a content error, caught at start-up.
const ids = projects.map((project) => project.id).sort();
if (ids.join() !== [...PROJECT_IDS].sort().join()) {
  throw new Error(`content/projects.ts must define exactly the projects ${PROJECT_IDS.join(', ')}`);
}
