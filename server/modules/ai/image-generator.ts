/**
 * The built-in image generator: no model, no network. It reads the prompt for
 * colours ("teal", "gold"), moods ("dark", "calm", "neon") and subjects (code,
 * cars, keys, circuits, city, charts, networks, mountains, waves, sun) and
 * composes a picture from them: a background gradient in the prompt's palette,
 * soft light, the first subject named as the focal element on a third of the
 * frame and the others behind it. Drawn as SVG and rendered to PNG by sharp at
 * the requested size. A prompt always gives the same picture; 'hd' adds detail.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageRequest } from '../../../common/schemas/ai.ts';

type Rng = () => number;

/** mulberry32: a small, fast, seedable generator; good enough for composition. */
function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLOURS: Record<string, string> = {
  red: '#dc2626',
  crimson: '#be123c',
  orange: '#ea580c',
  amber: '#f59e0b',
  gold: '#eab308',
  golden: '#eab308',
  yellow: '#facc15',
  green: '#16a34a',
  emerald: '#059669',
  lime: '#84cc16',
  teal: '#0d9488',
  cyan: '#06b6d4',
  turquoise: '#14b8a6',
  blue: '#2563eb',
  navy: '#1e3a8a',
  indigo: '#4f46e5',
  purple: '#7c3aed',
  violet: '#8b5cf6',
  magenta: '#c026d3',
  pink: '#db2777',
  black: '#111827',
  white: '#f8fafc',
  grey: '#94a3b8',
  gray: '#94a3b8',
  silver: '#cbd5e1',
  brown: '#92400e',
  copper: '#b45309',
};

type Mood = 'dark' | 'light' | 'calm' | 'vivid' | 'warm' | 'cool';
const MOODS: Record<string, Mood> = {
  dark: 'dark',
  night: 'dark',
  midnight: 'dark',
  moody: 'dark',
  noir: 'dark',
  mysterious: 'dark',
  bright: 'light',
  light: 'light',
  sunny: 'light',
  cheerful: 'light',
  happy: 'light',
  airy: 'light',
  calm: 'calm',
  serene: 'calm',
  peaceful: 'calm',
  minimal: 'calm',
  minimalist: 'calm',
  clean: 'calm',
  soft: 'calm',
  neon: 'vivid',
  vibrant: 'vivid',
  bold: 'vivid',
  energetic: 'vivid',
  futuristic: 'vivid',
  cyberpunk: 'vivid',
  electric: 'vivid',
  warm: 'warm',
  cozy: 'warm',
  sunset: 'warm',
  autumn: 'warm',
  cool: 'cool',
  icy: 'cool',
  winter: 'cool',
  ocean: 'cool',
};

export type Subject =
  | 'code'
  | 'car'
  | 'key'
  | 'circuit'
  | 'city'
  | 'chart'
  | 'network'
  | 'mountain'
  | 'wave'
  | 'sun';

const SUBJECTS: Record<string, Subject> = {
  code: 'code',
  coding: 'code',
  programming: 'code',
  developer: 'code',
  software: 'code',
  javascript: 'code',
  typescript: 'code',
  terminal: 'code',
  react: 'code',
  web: 'code',
  car: 'car',
  cars: 'car',
  automotive: 'car',
  vehicle: 'car',
  vehicles: 'car',
  truck: 'car',
  garage: 'car',
  key: 'key',
  keys: 'key',
  locksmith: 'key',
  lock: 'key',
  locks: 'key',
  keycode: 'key',
  security: 'key',
  circuit: 'circuit',
  circuits: 'circuit',
  electronic: 'circuit',
  electronics: 'circuit',
  chip: 'circuit',
  pcb: 'circuit',
  hardware: 'circuit',
  repair: 'circuit',
  motherboard: 'circuit',
  city: 'city',
  skyline: 'city',
  atlanta: 'city',
  buildings: 'city',
  urban: 'city',
  downtown: 'city',
  chart: 'chart',
  charts: 'chart',
  data: 'chart',
  analytics: 'chart',
  graph: 'chart',
  growth: 'chart',
  business: 'chart',
  inventory: 'chart',
  network: 'network',
  networks: 'network',
  cloud: 'network',
  connection: 'network',
  connections: 'network',
  api: 'network',
  server: 'network',
  nodes: 'network',
  mountain: 'mountain',
  mountains: 'mountain',
  landscape: 'mountain',
  hills: 'mountain',
  wave: 'wave',
  waves: 'wave',
  sea: 'wave',
  water: 'wave',
  ocean: 'wave',
  sun: 'sun',
  sunrise: 'sun',
  sunset: 'sun',
  moon: 'sun',
};

export interface PromptReading {
  colours: string[];
  moods: Mood[];
  subjects: Subject[];
}

/** What the generator takes from a prompt: its colours, moods and subjects, in the order named. */
export function readPrompt(prompt: string): PromptReading {
  const colours: string[] = [];
  const moods: Mood[] = [];
  const subjects: Subject[] = [];
  for (const word of prompt.toLowerCase().split(/[^a-z]+/)) {
    const colour = COLOURS[word];
    const mood = MOODS[word];
    const subject = SUBJECTS[word];
    if (colour && !colours.includes(colour)) colours.push(colour);
    if (mood && !moods.includes(mood)) moods.push(mood);
    if (subject && !subjects.includes(subject)) subjects.push(subject);
  }
  return { colours, moods, subjects };
}

// --- Colour helpers ----------------------------------------------------------------

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: [number, number, number]): string {
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  return `#${((1 << 24) | (clamp(r) << 16) | (clamp(g) << 8) | clamp(b)).toString(16).slice(1)}`;
}

/** Mixes a colour towards another by t (0 = a, 1 = b). */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return rgbToHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

interface Palette {
  backgroundFrom: string;
  backgroundTo: string;
  accent: string;
  second: string;
  ink: string;
  glow: string;
}

function choosePalette(reading: PromptReading, rng: Rng): Palette {
  const { moods } = reading;
  const hue = moods.includes('warm')
    ? 10 + rng() * 35
    : moods.includes('cool')
      ? 180 + rng() * 50
      : rng() * 360;
  const vivid = moods.includes('vivid');
  const calm = moods.includes('calm');
  const saturation = vivid ? 0.9 : calm ? 0.35 : 0.65;
  const accent = reading.colours[0] ?? hsl(hue, saturation, vivid ? 0.58 : 0.52);
  const second = reading.colours[1] ?? hsl((hue + 140 + rng() * 80) % 360, saturation, 0.55);
  const light = moods.includes('light') && !moods.includes('dark');
  const dark = moods.includes('dark') || vivid;
  const base = light ? '#f8fafc' : dark ? '#070b16' : '#111827';
  const backgroundFrom = mix(base, accent, light ? 0.18 : dark ? 0.12 : 0.3);
  const backgroundTo = mix(base, second, light ? 0.3 : dark ? 0.22 : 0.45);
  return {
    backgroundFrom,
    backgroundTo,
    accent,
    second,
    ink: light ? '#0f172a' : '#f8fafc',
    glow: mix(accent, '#ffffff', light ? 0.1 : 0.35),
  };
}

// --- Subjects ------------------------------------------------------------------------

interface Stage {
  /** Centre and size of the element, in pixels. */
  x: number;
  y: number;
  size: number;
  palette: Palette;
  rng: Rng;
  /** More parts when true ('hd'). */
  detailed: boolean;
  opacity: number;
}

const f = (n: number) => Math.round(n * 10) / 10;

function drawCode({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const w = size * 1.5;
  const h = size;
  const left = x - w / 2;
  const top = y - h / 2;
  const lines = detailed ? 12 : 8;
  const lineHeight = (h - size * 0.2) / (lines + 1);
  let body = '';
  for (let i = 0; i < lines; i++) {
    const indent = Math.floor(rng() * 3) * size * 0.08;
    let cursor = left + size * 0.08 + indent;
    const words = 1 + Math.floor(rng() * 4);
    for (let j = 0; j < words; j++) {
      const length = size * (0.08 + rng() * 0.22);
      if (cursor + length > left + w - size * 0.06) break;
      const colour = [palette.accent, palette.second, palette.glow][Math.floor(rng() * 3)];
      body += `<rect x="${f(cursor)}" y="${f(top + size * 0.18 + i * lineHeight)}" width="${f(length)}" height="${f(lineHeight * 0.45)}" rx="${f(lineHeight * 0.2)}" fill="${colour}"/>`;
      cursor += length + size * 0.04;
    }
  }
  const dots = ['#ef4444', '#f59e0b', '#22c55e']
    .map(
      (c, i) =>
        `<circle cx="${f(left + size * (0.07 + i * 0.06))}" cy="${f(top + size * 0.07)}" r="${f(size * 0.02)}" fill="${c}"/>`,
    )
    .join('');
  return `<g opacity="${opacity}"><rect x="${f(left)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(size * 0.05)}" fill="#0b1220" fill-opacity="0.85" stroke="${palette.glow}" stroke-opacity="0.4" stroke-width="${f(size * 0.006)}"/>${dots}${body}</g>`;
}

function drawCar({ x, y, size, palette, detailed, opacity }: Stage): string {
  const s = size / 100;
  const p = (px: number, py: number) => `${f(x + (px - 50) * s * 1.6)},${f(y + (py - 50) * s)}`;
  const body = `M${p(5, 62)} L${p(8, 48)} Q${p(12, 44)} ${p(22, 43)} L${p(33, 30)} Q${p(38, 26)} ${p(46, 26)} L${p(64, 26)} Q${p(71, 26)} ${p(76, 32)} L${p(86, 43)} Q${p(95, 45)} ${p(96, 52)} L${p(96, 62)} Z`;
  const windows = `M${p(36, 43)} L${p(42, 32)} L${p(56, 32)} L${p(56, 43)} Z M${p(59, 43)} L${p(59, 32)} L${p(68, 32)} L${p(77, 43)} Z`;
  const wheel = (cx: number) =>
    `<circle cx="${f(x + (cx - 50) * s * 1.6)}" cy="${f(y + 12 * s)}" r="${f(11 * s)}" fill="#0f172a"/><circle cx="${f(x + (cx - 50) * s * 1.6)}" cy="${f(y + 12 * s)}" r="${f(5 * s)}" fill="${palette.glow}"/>`;
  const lights = detailed
    ? `<rect x="${f(x + 44 * s * 1.6 - 3 * s)}" y="${f(y - 3 * s)}" width="${f(5 * s)}" height="${f(4 * s)}" fill="#fde68a"/><path d="M${p(99, 49)} L${p(130, 42)} L${p(130, 60)} Z" fill="#fde68a" opacity="0.25"/>`
    : '';
  return `<g opacity="${opacity}"><ellipse cx="${f(x)}" cy="${f(y + 23 * s)}" rx="${f(75 * s)}" ry="${f(5 * s)}" fill="#000" opacity="0.3"/><path d="${body}" fill="${palette.accent}"/><path d="${windows}" fill="${palette.glow}" opacity="0.7"/>${wheel(24)}${wheel(78)}${lights}</g>`;
}

function drawKey({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const s = size / 100;
  const angle = Math.round(-25 + rng() * 20);
  const cuts = detailed ? 6 : 4;
  let teeth = '';
  for (let i = 0; i < cuts; i++) {
    const depth = 5 + Math.floor(rng() * 9);
    teeth += `<rect x="${f(x + (5 + i * 9) * s)}" y="${f(y + 4 * s)}" width="${f(7 * s)}" height="${f(depth * s)}" fill="${palette.glow}"/>`;
  }
  const chip = detailed
    ? `<rect x="${f(x - 44 * s)}" y="${f(y - 6 * s)}" width="${f(12 * s)}" height="${f(12 * s)}" rx="${f(2 * s)}" fill="${palette.second}"/>`
    : '';
  return `<g opacity="${opacity}" transform="rotate(${angle} ${f(x)} ${f(y)})"><circle cx="${f(x - 38 * s)}" cy="${f(y)}" r="${f(24 * s)}" fill="${palette.glow}"/><circle cx="${f(x - 38 * s)}" cy="${f(y)}" r="${f(9 * s)}" fill="${palette.backgroundFrom}"/>${chip}<rect x="${f(x - 16 * s)}" y="${f(y - 5 * s)}" width="${f(76 * s)}" height="${f(10 * s)}" rx="${f(2 * s)}" fill="${palette.glow}"/>${teeth}</g>`;
}

function drawCircuit({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const traces = detailed ? 22 : 12;
  const half = size * 0.9;
  let out = `<rect x="${f(x - size * 0.22)}" y="${f(y - size * 0.22)}" width="${f(size * 0.44)}" height="${f(size * 0.44)}" rx="${f(size * 0.03)}" fill="#0b1220" stroke="${palette.accent}" stroke-width="${f(size * 0.012)}"/>`;
  for (let i = 0; i < traces; i++) {
    const side = i % 4;
    const offset = (rng() - 0.5) * size * 0.36;
    const length = size * (0.3 + rng() * 0.5);
    const bend = (rng() - 0.5) * size * 0.3;
    const [sx, sy] =
      side === 0
        ? [x + size * 0.22, y + offset]
        : side === 1
          ? [x - size * 0.22, y + offset]
          : side === 2
            ? [x + offset, y + size * 0.22]
            : [x + offset, y - size * 0.22];
    const dir = side === 0 || side === 2 ? 1 : -1;
    const horizontal = side < 2;
    const mx = horizontal ? sx + dir * length * 0.5 : sx;
    const my = horizontal ? sy : sy + dir * length * 0.5;
    const ex = Math.max(x - half, Math.min(x + half, horizontal ? mx + dir * length * 0.5 : mx + bend));
    const ey = Math.max(y - half, Math.min(y + half, horizontal ? my + bend : my + dir * length * 0.5));
    const colour = i % 3 === 0 ? palette.second : palette.accent;
    out += `<path d="M${f(sx)},${f(sy)} L${f(mx)},${f(my)} L${f(ex)},${f(ey)}" fill="none" stroke="${colour}" stroke-width="${f(size * 0.01)}" stroke-linecap="round"/><circle cx="${f(ex)}" cy="${f(ey)}" r="${f(size * 0.022)}" fill="${palette.glow}"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

function drawCity({ x, y, size, palette, rng, detailed, opacity, width }: Stage & { width: number }): string {
  const ground = y + size * 0.5;
  let out = '';
  let cursor = Math.max(0, x - size * 1.6);
  const end = Math.min(width, x + size * 1.6);
  while (cursor < end) {
    const w = size * (0.12 + rng() * 0.16);
    const h = size * (0.3 + rng() * 0.75);
    const colour = mix(palette.backgroundTo, palette.accent, 0.25 + rng() * 0.35);
    out += `<rect x="${f(cursor)}" y="${f(ground - h)}" width="${f(w)}" height="${f(h)}" fill="${colour}"/>`;
    if (detailed) {
      for (let wy = ground - h + size * 0.05; wy < ground - size * 0.05; wy += size * 0.07) {
        for (let wx = cursor + w * 0.15; wx < cursor + w * 0.8; wx += w * 0.3) {
          if (rng() < 0.55)
            out += `<rect x="${f(wx)}" y="${f(wy)}" width="${f(w * 0.14)}" height="${f(size * 0.03)}" fill="#fde68a" opacity="0.8"/>`;
        }
      }
    }
    cursor += w + size * 0.02;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

function drawChart({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const bars = detailed ? 9 : 6;
  const w = size * 1.4;
  const left = x - w / 2;
  const base = y + size * 0.45;
  const step = w / bars;
  let out = `<line x1="${f(left)}" y1="${f(base)}" x2="${f(left + w)}" y2="${f(base)}" stroke="${palette.ink}" stroke-opacity="0.5" stroke-width="${f(size * 0.01)}"/>`;
  let level = 0.2;
  const points: string[] = [];
  for (let i = 0; i < bars; i++) {
    level = Math.min(0.95, level + 0.04 + rng() * 0.12);
    const h = size * 0.9 * level;
    out += `<rect x="${f(left + i * step + step * 0.15)}" y="${f(base - h)}" width="${f(step * 0.7)}" height="${f(h)}" rx="${f(step * 0.08)}" fill="${i % 2 ? palette.accent : palette.second}"/>`;
    points.push(`${f(left + i * step + step / 2)},${f(base - h - size * 0.06)}`);
  }
  out += `<polyline points="${points.join(' ')}" fill="none" stroke="${palette.glow}" stroke-width="${f(size * 0.014)}" stroke-linejoin="round"/>`;
  return `<g opacity="${opacity}">${out}</g>`;
}

function drawNetwork({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const count = detailed ? 18 : 11;
  const nodes = Array.from(
    { length: count },
    () => [x + (rng() - 0.5) * size * 1.8, y + (rng() - 0.5) * size * 1.1] as const,
  );
  let links = '';
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const [ax, ay] = nodes[i] ?? [0, 0];
      const [bx, by] = nodes[j] ?? [0, 0];
      if (Math.hypot(ax - bx, ay - by) < size * 0.55) {
        links += `<line x1="${f(ax)}" y1="${f(ay)}" x2="${f(bx)}" y2="${f(by)}" stroke="${palette.glow}" stroke-opacity="0.45" stroke-width="${f(size * 0.008)}"/>`;
      }
    }
  }
  const dots = nodes
    .map(
      ([nx, ny], i) =>
        `<circle cx="${f(nx)}" cy="${f(ny)}" r="${f(size * (i % 4 === 0 ? 0.045 : 0.025))}" fill="${i % 4 === 0 ? palette.accent : palette.glow}"/>`,
    )
    .join('');
  return `<g opacity="${opacity}">${links}${dots}</g>`;
}

function drawMountain({
  x,
  y,
  size,
  palette,
  rng,
  detailed,
  opacity,
  width,
}: Stage & { width: number }): string {
  const base = y + size * 0.55;
  let out = '';
  const peaks = detailed ? 5 : 3;
  for (let i = 0; i < peaks; i++) {
    const px = x + (i - (peaks - 1) / 2) * size * 0.6 + (rng() - 0.5) * size * 0.2;
    const h = size * (0.6 + rng() * 0.5);
    const colour = mix(palette.backgroundTo, palette.accent, 0.3 + i * 0.1);
    out += `<path d="M${f(Math.max(0, px - size * 0.7))},${f(base)} L${f(px)},${f(base - h)} L${f(Math.min(width, px + size * 0.7))},${f(base)} Z" fill="${colour}"/>`;
    if (detailed)
      out += `<path d="M${f(px - size * 0.12)},${f(base - h + size * 0.17)} L${f(px)},${f(base - h)} L${f(px + size * 0.12)},${f(base - h + size * 0.17)} Z" fill="#f8fafc" opacity="0.85"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

function drawWave({ y, size, palette, detailed, opacity, width }: Stage & { width: number }): string {
  const bands = detailed ? 5 : 3;
  let out = '';
  for (let i = 0; i < bands; i++) {
    const top = y + i * size * 0.14;
    const amplitude = size * 0.08;
    const period = width / (2 + i);
    let d = `M0,${f(top)}`;
    for (let px = 0; px <= width + period; px += period) {
      d += ` Q${f(px + period / 4)},${f(top - amplitude)} ${f(px + period / 2)},${f(top)} T${f(px + period)},${f(top)}`;
    }
    d += ` L${f(width)},${f(top + size * 2)} L0,${f(top + size * 2)} Z`;
    out += `<path d="${d}" fill="${mix(palette.second, palette.accent, i / bands)}" opacity="${f(0.35 + i * 0.12)}"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

function drawSun({ x, y, size, palette, detailed, opacity }: Stage): string {
  const rays = detailed
    ? Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<line x1="${f(x + Math.cos(a) * size * 0.42)}" y1="${f(y + Math.sin(a) * size * 0.42)}" x2="${f(x + Math.cos(a) * size * 0.6)}" y2="${f(y + Math.sin(a) * size * 0.6)}" stroke="${palette.glow}" stroke-width="${f(size * 0.02)}" stroke-linecap="round"/>`;
      }).join('')
    : '';
  return `<g opacity="${opacity}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.5)}" fill="url(#halo)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.32)}" fill="${palette.glow}"/>${rays}</g>`;
}

function drawAbstract({ x, y, size, palette, rng, detailed, opacity }: Stage): string {
  const shapes = detailed ? 9 : 5;
  let out = '';
  for (let i = 0; i < shapes; i++) {
    const r = size * (0.12 + rng() * 0.35);
    const cx = x + (rng() - 0.5) * size * 1.4;
    const cy = y + (rng() - 0.5) * size;
    const colour = [palette.accent, palette.second, palette.glow][i % 3];
    out +=
      i % 2
        ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${colour}" opacity="0.55"/>`
        : `<rect x="${f(cx - r)}" y="${f(cy - r)}" width="${f(r * 2)}" height="${f(r * 2)}" rx="${f(r * 0.3)}" transform="rotate(${Math.round(rng() * 90)} ${f(cx)} ${f(cy)})" fill="none" stroke="${colour}" stroke-width="${f(size * 0.02)}" opacity="0.8"/>`;
  }
  return `<g opacity="${opacity}">${out}</g>`;
}

type Drawer = (stage: Stage & { width: number; height: number }) => string;
const DRAWERS: Record<Subject | 'abstract', Drawer> = {
  code: drawCode,
  car: drawCar,
  key: drawKey,
  circuit: drawCircuit,
  city: drawCity,
  chart: drawChart,
  network: drawNetwork,
  mountain: drawMountain,
  wave: drawWave,
  sun: drawSun,
  abstract: drawAbstract,
};

// Scenery belongs to the ground or the sky whatever the composition.
const GROUNDED: ReadonlySet<Subject> = new Set(['city', 'mountain', 'wave']);

function parseSize(size: ImageRequest['size']): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** The picture for a prompt as SVG; the same prompt, size and quality always give the same SVG. */
export function imageSvg({ prompt, size, quality }: ImageRequest): string {
  const { width, height } = parseSize(size);
  const normalized = prompt.trim().toLowerCase().replace(/\s+/g, ' ');
  const digest = createHash('sha256').update(normalized).digest();
  const rng = seededRng(digest.readUInt32LE(0));
  const reading = readPrompt(normalized);
  const palette = choosePalette(reading, rng);
  const detailed = quality === 'hd';
  const short = Math.min(width, height);

  const angle = Math.round(rng() * 360);
  const defs = `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${palette.backgroundFrom}"/><stop offset="1" stop-color="${palette.backgroundTo}"/></linearGradient><radialGradient id="halo"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient><radialGradient id="light2"><stop offset="0" stop-color="${palette.second}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.second}" stop-opacity="0"/></radialGradient></defs>`;
  let scene = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;

  // Soft light behind the composition.
  const lights = detailed ? 4 : 2;
  for (let i = 0; i < lights; i++) {
    scene += `<circle cx="${f(rng() * width)}" cy="${f(rng() * height)}" r="${f(short * (0.3 + rng() * 0.4))}" fill="url(#${i % 2 ? 'light2' : 'halo'})"/>`;
  }
  if (detailed) {
    // Fine dust for texture.
    for (let i = 0; i < 120; i++) {
      scene += `<circle cx="${f(rng() * width)}" cy="${f(rng() * height)}" r="${f(1 + rng() * 2.5)}" fill="${palette.ink}" opacity="${f(0.08 + rng() * 0.25)}"/>`;
    }
  }

  // The first subject named is the focal element, on a vertical third; up to two more stand behind it.
  const subjects: Array<Subject | 'abstract'> =
    reading.subjects.length > 0 ? reading.subjects.slice(0, 3) : ['abstract'];
  const thirds = [1 / 3, 1 / 2, 2 / 3];
  const focalX = (thirds[Math.floor(rng() * 3)] ?? 0.5) * width;
  const layers: string[] = [];
  subjects.forEach((subject, i) => {
    const focal = i === 0;
    const grounded = subject !== 'abstract' && GROUNDED.has(subject);
    const stage = {
      // Secondary elements stand on the opposite third (either side of a centred focus), higher up.
      x: focal
        ? focalX
        : (focalX === width / 2 ? (i === 1 ? 0.2 : 0.8) * width : width - focalX) +
          (rng() - 0.5) * width * 0.08,
      y: grounded ? height * 0.66 : focal ? height * 0.52 : height * (0.2 + rng() * 0.12),
      size: short * (focal ? 0.42 : 0.26),
      palette,
      rng,
      detailed,
      opacity: focal ? 1 : 0.45,
      width,
      height,
    };
    const drawn = DRAWERS[subject](stage);
    // Scenery is drawn first so the focal element stands in front of it.
    if (focal) layers.push(drawn);
    else layers.unshift(drawn);
  });
  scene += layers.join('');

  // A vignette to settle the edges.
  scene += `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
  const vignette = `<radialGradient id="vignette" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs.replace('</defs>', `${vignette}</defs>`)}${scene}</svg>`;
}

/** Renders the prompt's picture to PNG bytes of the requested size. */
export async function generateLocalImage(request: ImageRequest): Promise<Buffer> {
  return (
    sharp(Buffer.from(imageSvg(request)))
      // Level 6: rendering takes ~0.3 s at 1792x1024; level 9 or a palette would add over a second.
      .png({ compressionLevel: 6 })
      .toBuffer()
  );
}
