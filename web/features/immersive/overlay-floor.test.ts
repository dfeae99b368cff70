import { describe, expect, it } from 'vitest';
import { createOverlayFloor } from './overlay-floor.ts';

describe('one overlay at a time', () => {
  it('gives the floor to the first in line among those asking, and the next when it leaves', () => {
    const floor = createOverlayFloor();
    const changes: Array<string | null> = [];
    floor.subscribe(() => changes.push(floor.holder()));
    expect(floor.holder()).toBeNull();
    floor.ask('cursor-hint');
    floor.ask('welcome');
    floor.ask('tour');
    expect(floor.holder()).toBe('welcome');
    floor.leave('welcome');
    expect(floor.holder()).toBe('tour');
    floor.leave('tour');
    expect(floor.holder()).toBe('cursor-hint');
    floor.leave('cursor-hint');
    expect(floor.holder()).toBeNull();
    expect(changes).toEqual(['cursor-hint', 'welcome', 'tour', 'cursor-hint', null]);
  });

  it('counts asking twice as once, and leaving twice as once', () => {
    const floor = createOverlayFloor();
    floor.ask('welcome');
    floor.ask('welcome');
    floor.ask('tour');
    floor.leave('welcome');
    expect(floor.holder()).toBe('tour');
    floor.leave('welcome');
    expect(floor.holder()).toBe('tour');
  });
});
