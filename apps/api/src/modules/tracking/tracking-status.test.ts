import { describe, expect, it } from 'vitest';
import type { DeliveryStatus, TrackingStatus } from '@service-hub/contracts';
import { deriveTrackingStatus, FINAL_STEP } from './tracking-status.ts';

describe('deriveTrackingStatus', () => {
  it.each<[DeliveryStatus[], TrackingStatus]>([
    [[], 'NotDelivered'],
    [['delivered'], 'Delivered'],
    [['delivered', 'delivered'], 'Delivered'],
    [['delivered', 'rejected'], 'DeliveredWithRejections'],
    [['delivered', 'pending'], 'PartiallyDelivered'],
    [['delivered', 'notDelivered'], 'PartiallyDelivered'],
    [['delivered', 'pending', 'rejected'], 'PartiallyDeliveredWithRejections'],
    [['rejected', 'rejected'], 'Rejected'],
    [['pending'], 'NotDelivered'],
    [['pending', 'rejected'], 'NotDelivered'],
    [['notDelivered'], 'NotDelivered'],
  ])('%j → %s', (deliveries, expected) => {
    expect(deriveTrackingStatus(deliveries)).toBe(expected);
  });

  it('has a final status-log step for every status that ends processing', () => {
    expect(FINAL_STEP.Delivered).toBe('delivered');
    expect(FINAL_STEP.PartiallyDeliveredWithRejections).toBe('partiallyDeliveredWithRejections');
    expect(FINAL_STEP.NotDelivered).toBeUndefined();
  });
});
