import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '../../../common/constants.ts';
import { generateLocalImage, imageSvg, readPrompt } from './image-generator.ts';

/** The mean colour of an image, to compare palettes. */
async function meanColour(png: Buffer): Promise<[number, number, number]> {
  const { channels } = await sharp(png).stats();
  return [channels[0]?.mean ?? 0, channels[1]?.mean ?? 0, channels[2]?.mean ?? 0];
}

/** The mean colour of the square standard image made for a prompt. */
const colourOf = async (prompt: string) =>
  meanColour(await generateLocalImage({ prompt, size: '1024x1024', quality: 'standard' }));

describe('the built-in image generator', () => {
  it.each(IMAGE_SIZES)('renders a valid PNG of %s', async (size) => {
    const png = await generateLocalImage({
      prompt: 'A circuit board with neon traces',
      size,
      quality: 'standard',
    });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const meta = await sharp(png).metadata();
    expect(`${meta.width}x${meta.height}`).toBe(size);
    expect(meta.format).toBe('png');
  });

  it('reads colours, moods and subjects from the prompt, in the order named', () => {
    expect(readPrompt('A dark, calm city skyline with red cars and golden keys')).toEqual({
      colours: ['#dc2626', '#eab308'],
      moods: ['dark', 'calm'],
      subjects: ['city', 'car', 'key'],
    });
    expect(readPrompt('something pleasant for a header')).toEqual({ colours: [], moods: [], subjects: [] });
  });

  it('draws the same picture for the same prompt, and a different one for another prompt', async () => {
    const request = {
      prompt: 'Automotive locksmith keys on a blue background',
      size: '1024x1024',
      quality: 'standard',
    } as const;
    expect(imageSvg(request)).toBe(
      imageSvg({ ...request, prompt: '  automotive locksmith KEYS on a blue  background ' }),
    );
    const [first, again] = await Promise.all([generateLocalImage(request), generateLocalImage(request)]);
    expect(first.equals(again)).toBe(true);
    const other = await generateLocalImage({ ...request, prompt: 'Code editor with green text at night' });
    expect(other.equals(first)).toBe(false);
  });

  it('follows the words: each subject has its own shapes, colours and moods change the palette', async () => {
    const svg = (prompt: string) => imageSvg({ prompt, size: '1024x1024', quality: 'standard' });
    // The code window has traffic-light dots; the car has wheels; the city has a row of buildings.
    expect(svg('Clean code on a screen')).toContain('#22c55e');
    expect(svg('A vintage car on the road')).toContain('#0f172a');
    expect(svg('A red background with soft light')).toContain('#dc2626');

    const dark = await colourOf('A dark midnight network of servers');
    const bright = await colourOf('A bright sunny network of servers');
    const brightness = (c: number[]) => c.reduce((a, b) => a + b, 0) / 3;
    expect(brightness(bright)).toBeGreaterThan(brightness(dark) + 60);

    const red = await colourOf('Red and crimson abstract shapes');
    const blue = await colourOf('Blue and navy abstract shapes');
    expect(red[0] - red[2]).toBeGreaterThan(blue[0] - blue[2]);
  });

  it('adds detail for hd quality', () => {
    const request = { prompt: 'A city skyline at sunset', size: '1792x1024' } as const;
    const standard = imageSvg({ ...request, quality: 'standard' });
    const hd = imageSvg({ ...request, quality: 'hd' });
    expect(hd.length).toBeGreaterThan(standard.length * 1.5);
  });
});
