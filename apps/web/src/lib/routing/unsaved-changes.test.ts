import { afterEach, describe, expect, it } from 'vitest';
import { discardUnsavedChanges, hasUnsavedChanges, reportUnsavedChanges } from './unsaved-changes';

describe('unsaved changes', () => {
  afterEach(() => discardUnsavedChanges());

  it('keeps a page with several forms dirty while any one of them is', () => {
    reportUnsavedChanges('profile', true);
    reportUnsavedChanges('password', true);
    reportUnsavedChanges('password', false);
    expect(hasUnsavedChanges()).toBe(true);
    reportUnsavedChanges('profile', false);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('forgets every form when the user leaves without saving', () => {
    reportUnsavedChanges('profile', true);
    reportUnsavedChanges('email', true);
    discardUnsavedChanges();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
