import { describe, expect, it } from 'vitest';
import { nextDeadline, previousDeadline, type DeadlineRule } from './deadline-schedule.ts';

const oslo: DeadlineRule = { deadline: '06:00', timeZone: 'Europe/Oslo', days: 'businessDays', market: 'NO' };
const iso = (date: Date) => date.toISOString();

describe('nextDeadline', () => {
  it('is today at 06:00 Oslo time before it, tomorrow after it (winter: 05:00Z)', () => {
    expect(iso(nextDeadline(oslo, new Date('2026-11-24T04:59:00Z')))).toBe('2026-11-24T05:00:00.000Z');
    expect(iso(nextDeadline(oslo, new Date('2026-11-24T05:00:00Z')))).toBe('2026-11-25T05:00:00.000Z');
  });

  it('is 04:00Z in summer', () => {
    expect(iso(nextDeadline(oslo, new Date('2026-06-10T12:00:00Z')))).toBe('2026-06-11T04:00:00.000Z');
  });

  it('crosses the autumn change: Friday before at 04:00Z, Monday after at 05:00Z', () => {
    // Summer time ends on Sunday 25 October 2026.
    expect(iso(nextDeadline(oslo, new Date('2026-10-22T12:00:00Z')))).toBe('2026-10-23T04:00:00.000Z');
    expect(iso(nextDeadline(oslo, new Date('2026-10-23T12:00:00Z')))).toBe('2026-10-26T05:00:00.000Z');
  });

  it('moves a deadline on a holiday to the next business day (Norway: Easter, Ascension Day)', () => {
    // Wednesday 1 April → Skjærtorsdag, Langfredag, Easter weekend and Andre påskedag are closed.
    expect(iso(nextDeadline(oslo, new Date('2026-04-01T12:00:00Z')))).toBe('2026-04-07T04:00:00.000Z');
    // Kristi himmelfartsdag is Thursday 14 May 2026: from the Wednesday, Friday is next.
    expect(iso(nextDeadline(oslo, new Date('2026-05-13T12:00:00Z')))).toBe('2026-05-15T04:00:00.000Z');
  });

  it("uses the market's calendar: Midsummer Eve closes Sweden and Finland, not Denmark", () => {
    const thursday = new Date('2026-06-18T12:00:00Z');
    const at = (market: DeadlineRule['market'], timeZone: string) =>
      iso(nextDeadline({ deadline: '06:00', timeZone, days: 'businessDays', market }, thursday));
    expect(at('SE', 'Europe/Stockholm')).toBe('2026-06-22T04:00:00.000Z');
    expect(at('FI', 'Europe/Helsinki')).toBe('2026-06-22T03:00:00.000Z');
    expect(at('DK', 'Europe/Copenhagen')).toBe('2026-06-19T04:00:00.000Z');
  });

  it('comes every day, weekends and holidays too, when the rule says so', () => {
    const everyDay = { ...oslo, days: 'everyDay' } as const;
    expect(iso(nextDeadline(everyDay, new Date('2026-05-16T12:00:00Z')))).toBe('2026-05-17T04:00:00.000Z');
  });

  it('reads the wall clock of the rule’s own zone, not the market’s', () => {
    const helsinkiClock = { ...oslo, timeZone: 'Europe/Helsinki', deadline: '00:30' };
    // 22:45Z on Monday is 00:45 on Tuesday in Helsinki: Wednesday's 00:30 is next.
    expect(iso(nextDeadline(helsinkiClock, new Date('2026-11-23T22:45:00Z')))).toBe(
      '2026-11-24T22:30:00.000Z',
    );
  });
});

describe('previousDeadline', () => {
  it("is the last business day's deadline: Monday's window opens on Friday", () => {
    expect(iso(previousDeadline(oslo, new Date('2026-11-30T05:00:00Z')))).toBe('2026-11-27T05:00:00.000Z');
  });

  it('skips holidays backwards too (the Tuesday after Easter looks back to Wednesday)', () => {
    expect(iso(previousDeadline(oslo, new Date('2026-04-07T04:00:00Z')))).toBe('2026-04-01T04:00:00.000Z');
  });
});
