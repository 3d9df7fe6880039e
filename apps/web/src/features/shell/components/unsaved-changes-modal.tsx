import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import {
  discardUnsavedChanges,
  hasUnsavedChanges,
  useUnsavedChanges,
} from '../../../lib/routing/unsaved-changes';

/**
 * While any form on the page has unsaved changes, navigation away is held and the user chooses:
 * continue editing, or leave without saving (which drops the changes and goes where they meant
 * to). Closing or reloading the tab asks through the browser. It follows the forms, not the
 * routes' confirmLeave flags: a flag forgotten on a route must not lose someone's edits.
 */
export function UnsavedChangesModal() {
  const { t } = useTranslation();
  const guarding = useUnsavedChanges();
  // The live state, not this render's: a form that saved and discarded its changes may navigate
  // before React renders again.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => {
      // Read at the moment of leaving: a deliberate redirect may have just discarded the changes.
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarding]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('shell.unsavedChanges.title')}
      // The two buttons are the choices (Escape continues editing); Mantine's close button has no name.
      withCloseButton={false}
      centered
    >
      <Text mb="lg">{t('shell.unsavedChanges.message')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('shell.unsavedChanges.stay')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            discardUnsavedChanges();
            blocker.proceed?.();
          }}
        >
          {t('shell.unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
