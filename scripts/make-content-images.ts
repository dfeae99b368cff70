/**
 * Draws the site's built-in illustrations (project images, post covers, the
 * portrait) as SVG files under content/images/, in the site's palette (docs/design.md).
 * Run it after changing the list below: `npx tsx scripts/make-content-images.ts`.
 * The output is committed because it is content the owner may replace with photographs.
 *
 * The illustrations carry no text: every frame crops them differently (16:9 cards, the
 * featured block's tall half, square thumbnails), so the subject sits in the middle
 * third and the title lives in the page, not in the picture (its aria-label names it).
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
    from: '#14161c',
    to: '#3a2412',
    accent: '#f2a541',
    motif: 'key',
  },
  {
    file: 'projects/portfolio-website.svg',
    title: 'Portfolio Website',
    subtitle: 'Server-rendered React and Fastify',
    from: '#14161c',
    to: '#1f2f3a',
    accent: '#2dd4bf',
    motif: 'browser',
  },
  {
    file: 'projects/stackzen.svg',
    title: 'Stackzen',
    subtitle: 'Calm project planning',
    from: '#101a1a',
    to: '#0f3d3a',
    accent: '#5eead4',
    motif: 'layers',
  },
  {
    file: 'projects/inventory-management.svg',
    title: 'Inventory Management',
    subtitle: 'Parts, stock and purchase orders',
    from: '#14161c',
    to: '#402313',
    accent: '#e08a3c',
    motif: 'boxes',
  },
  {
    file: 'projects/gatherly.svg',
    title: 'Gatherly',
    subtitle: 'RSVPs without the hassle',
    from: '#16141c',
    to: '#3b2030',
    accent: '#f0a3b5',
    motif: 'calendar',
  },
  {
    file: 'projects/ssi-met-repairs.svg',
    title: 'SSI MET Repairs',
    subtitle: 'Electronic repair and locksmith services',
    from: '#14161c',
    to: '#2c2a14',
    accent: '#f2c94c',
    motif: 'wrench',
  },
  {
    file: 'projects/web-development-services.svg',
    title: 'Web Development Services',
    subtitle: 'Websites for small businesses',
    from: '#121820',
    to: '#173344',
    accent: '#7dd3fc',
    motif: 'code',
  },
  {
    file: 'posts/one-schema-form-to-database.svg',
    title: 'One Schema',
    subtitle: 'From form to database',
    from: '#121820',
    to: '#1c2c44',
    accent: '#93c5fd',
    motif: 'code',
  },
  {
    file: 'posts/repair-before-replace.svg',
    title: 'Repair Before Replace',
    subtitle: 'A technician’s approach',
    from: '#101a14',
    to: '#173a26',
    accent: '#86efac',
    motif: 'circuit',
  },
  {
    file: 'posts/shipping-a-niche-saas.svg',
    title: 'Shipping a Niche SaaS',
    subtitle: 'Lessons from Keycode Help',
    from: '#14161c',
    to: '#3f2211',
    accent: '#f2a541',
    motif: 'chart',
  },
  {
    file: 'posts/transponder-keys-explained.svg',
    title: 'Transponder Keys',
    subtitle: 'What programming really means',
    from: '#15141c',
    to: '#2a2340',
    accent: '#f2c94c',
    motif: 'key',
  },
  {
    file: 'posts/pricing-service-work.svg',
    title: 'Pricing Service Work',
    subtitle: 'Draft',
    from: '#18181b',
    to: '#34343a',
    accent: '#d6d3cb',
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

/** Faint circuit traces with pads along the edges: the site's electronics motif. */
function traces(accent: string): string {
  const paths = [
    'M0 90 H180 L220 130 H360',
    'M0 540 H140 L190 490 H300',
    'M1200 120 H1010 L970 160 H860',
    'M1200 520 H1060 L1020 560 H900',
    'M420 0 V60 L460 100 H560',
    'M780 630 V580 L740 540 H650',
  ];
  const pads = [
    [360, 130],
    [300, 490],
    [860, 160],
    [900, 560],
    [560, 100],
    [650, 540],
  ];
  return `<g stroke="${accent}" stroke-opacity=".22" stroke-width="3" fill="none">${paths.map((d) => `<path d="${d}"/>`).join('')}</g>
<g fill="${accent}" fill-opacity=".35">${pads.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7"/>`).join('')}</g>`;
}

function coverSvg(cover: Cover): string {
  const label = escapeXml(`${cover.title}: ${cover.subtitle}`);
  // The motifs are drawn around (900, 320); moved to the middle, where no frame crops them.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${label}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${cover.from}"/><stop offset="1" stop-color="${cover.to}"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".5" r=".45"><stop offset="0" stop-color="${cover.accent}" stop-opacity=".22"/><stop offset="1" stop-color="${cover.accent}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>
${traces(cover.accent)}
<g transform="translate(-300 0)">${motif(cover.motif, cover.accent)}</g>
</svg>
`;
}

// OWNER: a drawn portrait in the site's style; to use a photo, put it in content/images/ and point
// profileImage in content/profile.ts at it (see content/README.md).
const profileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 480" width="480" height="480" role="img" aria-label="Portrait illustration">
<defs>
<linearGradient id="p" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14161c"/><stop offset="1" stop-color="#2a1f16"/></linearGradient>
<radialGradient id="halo" cx=".5" cy=".42" r=".5"><stop offset="0" stop-color="#f2a541" stop-opacity=".28"/><stop offset="1" stop-color="#f2a541" stop-opacity="0"/></radialGradient>
<clipPath id="frame"><rect width="480" height="480"/></clipPath>
</defs>
<g clip-path="url(#frame)">
<rect width="480" height="480" fill="url(#p)"/><rect width="480" height="480" fill="url(#halo)"/>
<g stroke="#2dd4bf" stroke-opacity=".35" stroke-width="3" fill="none"><path d="M0 96 H70 L100 126 H150"/><path d="M480 70 H400 L370 100 H330"/><path d="M0 300 H50 L80 270 H110"/><path d="M480 330 H420 L390 300 H370"/></g>
<g fill="#2dd4bf" fill-opacity=".5"><circle cx="150" cy="126" r="6"/><circle cx="330" cy="100" r="6"/><circle cx="110" cy="270" r="6"/><circle cx="370" cy="300" r="6"/></g>
<circle cx="240" cy="196" r="132" fill="none" stroke="#f2a541" stroke-width="14" stroke-opacity=".9"/>
<path d="M96 480 C104 372 166 330 240 330 C314 330 376 372 384 480 Z" fill="#0f766e"/>
<path d="M196 332 L240 392 L284 332" fill="#0b5d57"/>
<path d="M206 330 L240 376 L274 330 Z" fill="#f3f1ec"/>
<rect x="214" y="268" width="52" height="62" rx="18" fill="#c98f67"/>
<ellipse cx="240" cy="204" rx="74" ry="86" fill="#d9a27c"/>
<path d="M164 196 C158 126 200 100 244 100 C296 100 326 132 318 196 C306 158 282 144 244 144 C204 144 178 160 164 196 Z" fill="#22252d"/>
<g fill="none" stroke="#14161c" stroke-width="6"><rect x="186" y="196" width="44" height="32" rx="10"/><rect x="250" y="196" width="44" height="32" rx="10"/><path d="M230 210 H250"/></g>
<path d="M222 254 Q240 266 258 254" fill="none" stroke="#7a4a32" stroke-width="5" stroke-linecap="round"/>
<circle cx="322" cy="404" r="14" fill="none" stroke="#f2a541" stroke-width="6"/><path d="M336 404 H366 M356 404 V414" stroke="#f2a541" stroke-width="6" stroke-linecap="round"/>
</g>
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
