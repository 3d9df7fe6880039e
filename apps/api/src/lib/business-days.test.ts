import { describe, expect, it } from 'vitest';
import { holidaysOf, isBusinessDay, wallClock, zonedInstant } from './business-days.ts';

describe('isBusinessDay', () => {
  it.each([
    ['NO', '2026-05-14', false, 'Kristi himmelfartsdag (Thursday)'],
    ['NO', '2027-05-17', false, 'Grunnlovsdagen on a Monday'],
    ['NO', '2026-04-02', false, 'Skjærtorsdag, a holiday in Norway'],
    ['NO', '2026-12-24', false, 'Julaften, a bank holiday'],
    ['SE', '2026-01-06', false, 'Trettondedag jul (Tuesday)'],
    ['SE', '2026-06-19', false, 'Midsommarafton (Friday), a bank holiday'],
    ['SE', '2026-04-02', true, 'Skärtorsdagen is a working day in Sweden'],
    ['DK', '2026-04-02', false, 'Skærtorsdag'],
    ['DK', '2026-05-01', true, 'Store bededag, abolished from 2024'],
    ['FI', '2026-01-06', false, 'Loppiainen'],
    ['FI', '2027-12-06', false, 'Itsenäisyyspäivä on a Monday'],
    ['FI', '2026-06-18', true, 'the Thursday before Juhannusaatto'],
    ['SE', '2026-11-28', false, 'a Saturday'],
    ['NO', '2026-11-29', false, 'a Sunday'],
    ['DK', '2026-11-30', true, 'an ordinary Monday'],
  ] as const)('%s %s → %s (%s)', (market, date, expected, _why) => {
    expect(isBusinessDay(market, date)).toBe(expected);
  });

  it("names a market's holidays in the language asked for", () => {
    expect(holidaysOf('FI', 2026, 'fi').get('2026-12-06')).toBe('itsenäisyyspäivä');
    expect(holidaysOf('SE', 2026, 'sv').get('2026-06-06')).toBe('nationaldagen');
  });
});

describe('zonedInstant', () => {
  it('puts 06:00 Europe/Oslo at 05:00Z in winter and 04:00Z in summer', () => {
    expect(zonedInstant('2026-01-15', '06:00', 'Europe/Oslo').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(zonedInstant('2026-07-15', '06:00', 'Europe/Oslo').toISOString()).toBe('2026-07-15T04:00:00.000Z');
  });

  it('follows the change days themselves (last Sunday of March and of October)', () => {
    expect(zonedInstant('2026-03-29', '06:00', 'Europe/Helsinki').toISOString()).toBe(
      '2026-03-29T03:00:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '06:00', 'Europe/Helsinki').toISOString()).toBe(
      '2026-10-25T04:00:00.000Z',
    );
  });

  it('reads a wall time the spring change skips as the same time after it', () => {
    // 02:30 does not exist in Stockholm on 29 March 2026: clocks go from 02:00 to 03:00.
    const at = zonedInstant('2026-03-29', '02:30', 'Europe/Stockholm');
    expect(wallClock(at, 'Europe/Stockholm')).toEqual({ date: '2026-03-29', minutes: 3 * 60 + 30 });
  });
});
