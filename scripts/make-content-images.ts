/**
 * Draws the site's built-in illustrations (project images, post covers, profile
 * placeholder) as SVG files under content/images/. Run it after changing the
 * list below: `npx tsx scripts/make-content-images.ts`. The output is committed
 * because it is content the owner may replace with photographs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Motif = 'key' | 'code' | 'layers' | 'boxes' | 'calendar' | 'wrench' | 'browser' | 'circuit' | 'chart';

interface Cover {
  file: string;
  title: string;
  subtitle: string;
  from: string;
  to: string;
  accent: string;
  motif: Motif;
}

const covers: Cover[] = [
  {
    file: 'projects/keycode-help.svg',
    title: 'Keycode Help',
    subtitle: 'Roadside answers for locksmiths',
    from: '#0f172a',
    to: '#1e3a8a',
    accent: '#fbbf24',
    motif: 'key',
  },
  {
    file: 'projects/portfolio-website.svg',
    title: 'Portfolio Website',
    subtitle: 'Server-rendered React and Fastify',
    from: '#111827',
    to: '#4c1d95',
    accent: '#a78bfa',
    motif: 'browser',
  },
  {
    file: 'projects/stackzen.svg',
    title: 'Stackzen',
    subtitle: 'Calm project planning',
    from: '#042f2e',
    to: '#0f766e',
    accent: '#5eead4',
    motif: 'layers',
  },
  {
    file: 'projects/inventory-management.svg',
    title: 'Inventory Management',
    subtitle: 'Parts, stock and purchase orders',
    from: '#1c1917',
    to: '#9a3412',
    accent: '#fdba74',
    motif: 'boxes',
  },
  {
    file: 'projects/gatherly.svg',
    title: 'Gatherly',
    subtitle: 'RSVPs without the hassle',
    from: '#3b0764',
    to: '#be185d',
    accent: '#f9a8d4',
    motif: 'calendar',
  },
  {
    file: 'projects/ssi-met-repairs.svg',
    title: 'SSI MET Repairs',
    subtitle: 'Electronic repair and locksmith services',
    from: '#0c0a09',
    to: '#166534',
    accent: '#86efac',
    motif: 'wrench',
  },
  {
    file: 'projects/web-development-services.svg',
    title: 'Web Development Services',
    subtitle: 'Websites for small businesses',
    from: '#082f49',
    to: '#0369a1',
    accent: '#7dd3fc',
    motif: 'code',
  },
  {
    file: 'posts/one-schema-form-to-database.svg',
    title: 'One Schema',
    subtitle: 'From form to database',
    from: '#172554',
    to: '#1d4ed8',
    accent: '#93c5fd',
    motif: 'code',
  },
  {
    file: 'posts/repair-before-replace.svg',
    title: 'Repair Before Replace',
    subtitle: 'A technician’s approach',
    from: '#052e16',
    to: '#15803d',
    accent: '#bbf7d0',
    motif: 'circuit',
  },
  {
    file: 'posts/shipping-a-niche-saas.svg',
    title: 'Shipping a Niche SaaS',
    subtitle: 'Lessons from Keycode Help',
    from: '#431407',
    to: '#c2410c',
    accent: '#fed7aa',
    motif: 'chart',
  },
  {
    file: 'posts/transponder-keys-explained.svg',
    title: 'Transponder Keys',
    subtitle: 'What programming really means',
    from: '#1e1b4b',
    to: '#4338ca',
    accent: '#fde68a',
    motif: 'key',
  },
  {
    file: 'posts/pricing-service-work.svg',
    title: 'Pricing Service Work',
    subtitle: 'Draft',
    from: '#27272a',
    to: '#52525b',
    accent: '#e4e4e7',
    motif: 'chart',
  },
];

const W = 1200;
const H = 630;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function motif(kind: Motif, accent: string): string {
  const stroke = `stroke="${accent}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'key':
      return `<circle cx="880" cy="300" r="90" ${stroke}/><circle cx="880" cy="300" r="30" fill="${accent}" opacity=".35"/>
<path d="M960 340 L1110 470 M1060 427 l-35 40 M1100 462 l-30 35" ${stroke}/>`;
    case 'code':
      return `<path d="M800 200 l-90 110 l90 110 M1000 200 l90 110 l-90 110 M940 170 l-80 280" ${stroke}/>`;
    case 'layers':
      return `<path d="M900 170 l180 90 l-180 90 l-180 -90 z" ${stroke}/><path d="M720 330 l180 90 l180 -90" ${stroke}/><path d="M720 400 l180 90 l180 -90" ${stroke} opacity=".6"/>`;
    case 'boxes':
      return `<rect x="740" y="290" width="150" height="150" rx="10" ${stroke}/><rect x="910" y="290" width="150" height="150" rx="10" ${stroke}/><rect x="825" y="130" width="150" height="150" rx="10" ${stroke}/>
<path d="M770 470 v40 M790 470 v40 M815 470 v40 M830 470 v40 M860 470 v40 M880 470 v40" stroke="${accent}" stroke-width="6"/>`;
    case 'calendar':
      return `<rect x="740" y="170" width="320" height="290" rx="24" ${stroke}/><path d="M740 240 h320 M820 140 v60 M980 140 v60" ${stroke}/>
<circle cx="820" cy="310" r="14" fill="${accent}"/><circle cx="900" cy="310" r="14" fill="${accent}"/><circle cx="980" cy="310" r="14" fill="${accent}" opacity=".5"/><circle cx="820" cy="390" r="14" fill="${accent}" opacity=".5"/><circle cx="900" cy="390" r="14" fill="${accent}"/>`;
    case 'wrench':
      return `<path d="M780 470 L950 300 a70 70 0 1 0 -40 -40 L740 430 z" ${stroke}/><path d="M1070 460 L960 350 M1040 170 l-60 60 l30 30 l60 -60" ${stroke}/>`;
    case 'browser':
      return `<rect x="700" y="160" width="400" height="300" rx="20" ${stroke}/><path d="M700 215 h400" ${stroke}/>
<circle cx="735" cy="188" r="8" fill="${accent}"/><circle cx="762" cy="188" r="8" fill="${accent}" opacity=".6"/><circle cx="789" cy="188" r="8" fill="${accent}" opacity=".3"/>
<path d="M740 270 h200 M740 310 h300 M740 350 h160 M740 390 h240" stroke="${accent}" stroke-width="10" stroke-linecap="round" opacity=".7"/>`;
    case 'circuit':
      return `<rect x="830" y="230" width="140" height="140" rx="12" ${stroke}/>
<path d="M860 230 v-70 h-90 M900 230 v-100 M940 230 v-60 h100 M970 300 h110 M970 340 h60 v80 M830 300 h-120 M830 340 h-60 v90 M900 370 v100" ${stroke}/>
<circle cx="770" cy="160" r="12" fill="${accent}"/><circle cx="1040" cy="170" r="12" fill="${accent}"/><circle cx="1080" cy="300" r="12" fill="${accent}"/><circle cx="710" cy="300" r="12" fill="${accent}"/><circle cx="900" cy="470" r="12" fill="${accent}"/>`;
    case 'chart':
      return `<path d="M720 470 h380 M720 470 v-320" ${stroke}/><rect x="760" y="370" width="60" height="100" fill="${accent}" opacity=".45"/><rect x="850" y="310" width="60" height="160" fill="${accent}" opacity=".6"/><rect x="940" y="230" width="60" height="240" fill="${accent}" opacity=".8"/>
<path d="M750 350 L860 280 L950 200 L1070 150" ${stroke}/>`;
  }
}

function coverSvg(cover: Cover): string {
  const title = escapeXml(cover.title);
  const subtitle = escapeXml(cover.subtitle);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}: ${subtitle}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${cover.from}"/><stop offset="1" stop-color="${cover.to}"/></linearGradient>
<pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#ffffff" stroke-opacity=".06" stroke-width="1"/></pattern>
<radialGradient id="glow" cx=".75" cy=".45" r=".5"><stop offset="0" stop-color="${cover.accent}" stop-opacity=".25"/><stop offset="1" stop-color="${cover.accent}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#grid)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>
${motif(cover.motif, cover.accent)}
<rect x="80" y="400" width="72" height="8" rx="4" fill="${cover.accent}"/>
<text x="80" y="${cover.title.length > 18 ? 470 : 480}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${cover.title.length > 18 ? 46 : 58}" font-weight="700" fill="#ffffff">${title}</text>
<text x="80" y="530" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="28" fill="#ffffff" fill-opacity=".8">${subtitle}</text>
</svg>
`;
}

// OWNER: a drawn placeholder; replace content/images/profile.svg with your photo (and update content/profile.ts).
const profileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480" width="480" height="480" role="img" aria-label="Profile illustration">
<defs><linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="480" height="480" fill="url(#p)"/>
<circle cx="240" cy="190" r="88" fill="#f1d3b3"/>
<path d="M152 170 q10 -95 95 -92 q80 3 85 92 q-20 -45 -90 -45 q-70 0 -90 45z" fill="#1f2937"/>
<path d="M70 480 q20 -170 170 -170 q150 0 170 170z" fill="#f8fafc"/>
<path d="M200 318 l40 50 l40 -50" fill="none" stroke="#1e3a8a" stroke-width="10" stroke-linejoin="round"/>
<circle cx="210" cy="195" r="8" fill="#1f2937"/><circle cx="270" cy="195" r="8" fill="#1f2937"/>
<path d="M212 238 q28 22 56 0" fill="none" stroke="#1f2937" stroke-width="7" stroke-linecap="round"/>
</svg>
`;

const root = join(import.meta.dirname, '..', 'content', 'images');
for (const cover of covers) {
  const path = join(root, cover.file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, coverSvg(cover));
}
writeFileSync(join(root, 'profile.svg'), profileSvg);
console.log(`wrote ${covers.length + 1} images to ${root}`);
