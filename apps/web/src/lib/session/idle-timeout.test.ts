import { describe, expect, it } from 'vitest';
import { formatCountdown, idleState } from './idle-timeout';

const minute = 60_000;

describe('idle sign-out', () => {
  it('warns two minutes before the end of a 30-minute idle time and ends it after', () => {
    expect(idleState(27 * minute, 0, 30 * minute)).toEqual({ phase: 'active' });
    expect(idleState(28 * minute, 0, 30 * minute)).toEqual({ phase: 'warning', msLeft: 2 * minute });
    expect(idleState(29.5 * minute, 0, 30 * minute)).toEqual({ phase: 'warning', msLeft: 0.5 * minute });
    expect(idleState(30 * minute, 0, 30 * minute)).toEqual({ phase: 'ended' });
  });

  it('warns halfway through idle times shorter than four minutes', () => {
    expect(idleState(29_000, 0, minute)).toEqual({ phase: 'active' });
    expect(idleState(30_000, 0, minute)).toEqual({ phase: 'warning', msLeft: 30_000 });
  });

  it('counts down in minutes and seconds', () => {
    expect(formatCountdown(2 * minute)).toBe('2:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
