import { describe, expect, it } from 'vitest';
import {
  exceedsThreshold,
  isDefaultAlertRule,
  measuredValue,
  ZCreateAlertRuleRequest,
} from './alert-settings.ts';

describe('exceedsThreshold', () => {
  const share = { measure: 'share', threshold: 5, minDocuments: 20 } as const;
  it('raises a share only above the threshold', () => {
    expect(exceedsThreshold(share, { matching: 1, total: 20 })).toBe(false);
    expect(exceedsThreshold(share, { matching: 2, total: 20 })).toBe(true);
  });
  it('never raises a share with fewer documents than the minimum', () => {
    expect(exceedsThreshold(share, { matching: 19, total: 19 })).toBe(false);
    expect(exceedsThreshold({ ...share, minDocuments: 1 }, { matching: 0, total: 0 })).toBe(false);
  });
  it('raises a count above the threshold, whatever the total', () => {
    const count = { measure: 'count', threshold: 3, minDocuments: 20 } as const;
    expect(exceedsThreshold(count, { matching: 3, total: 3 })).toBe(false);
    expect(exceedsThreshold(count, { matching: 4, total: 4 })).toBe(true);
  });
});

describe('measuredValue', () => {
  it('answers a share in percent with one decimal, and a count as is', () => {
    expect(measuredValue('share', { matching: 1, total: 3 })).toBe(33.3);
    expect(measuredValue('share', { matching: 0, total: 0 })).toBe(0);
    expect(measuredValue('count', { matching: 7, total: 9 })).toBe(7);
  });
});

describe('isDefaultAlertRule', () => {
  const rejected = {
    kind: 'documentsRejected',
    channel: null,
    measure: 'share',
    threshold: 5,
    windowMinutes: 60,
    minDocuments: 20,
  } as const;
  it('knows an unchanged default, and not a changed one', () => {
    expect(isDefaultAlertRule(rejected)).toBe(true);
    expect(isDefaultAlertRule({ ...rejected, threshold: 6 })).toBe(false);
    expect(isDefaultAlertRule({ ...rejected, channel: 'kivra' })).toBe(false);
    expect(isDefaultAlertRule({ ...rejected, kind: 'documentsNotDelivered' })).toBe(false);
  });
});

describe('ZCreateAlertRuleRequest', () => {
  const rule = { kind: 'documentsRejected', channel: null, measure: 'share', windowMinutes: 60 };
  it('takes a share up to 100 % and refuses more', () => {
    expect(ZCreateAlertRuleRequest.safeParse({ ...rule, threshold: 100 }).success).toBe(true);
    expect(ZCreateAlertRuleRequest.safeParse({ ...rule, threshold: 100.5 }).success).toBe(false);
  });
  it('takes only whole counts', () => {
    expect(ZCreateAlertRuleRequest.safeParse({ ...rule, measure: 'count', threshold: 250 }).success).toBe(
      true,
    );
    expect(ZCreateAlertRuleRequest.safeParse({ ...rule, measure: 'count', threshold: 2.5 }).success).toBe(
      false,
    );
  });
});
