/** The built-in generator's drawings: one SVG fragment per subject (code, a car, a key, a circuit, a city, ...), in the prompt's palette. */
import type { Subject } from './image-generator.ts';
import { mix, type Palette, type Rng } from './image-palette.ts';

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

export const f = (n: number) => Math.round(n * 10) / 10;

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

export const DRAWERS: Record<Subject | 'abstract', Drawer> = {
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
