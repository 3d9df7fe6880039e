import { describe, expect, it } from 'vitest';
import { niceScale } from './channels-chart';

describe('niceScale', () => {
  it('rounds the top up to a step of 1, 2, 2.5 or 5 times a power of ten, in about four parts', () => {
    expect(niceScale(1000)).toEqual({ top: 1000, step: 250 });
    expect(niceScale(1020)).toEqual({ top: 1500, step: 500 });
    expect(niceScale(122)).toEqual({ top: 150, step: 50 });
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(400)).toEqual({ top: 400, step: 100 });
  });

  it('never counts in fractions of a document', () => {
    expect(niceScale(1)).toEqual({ top: 1, step: 1 });
    expect(niceScale(3)).toEqual({ top: 3, step: 1 });
  });

  it('draws an empty period on a scale of four', () => {
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });
});
