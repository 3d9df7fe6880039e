import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { setUnsavedChanges, useUnsavedChanges } from '../../../lib/routing/unsaved-changes';

/**
 * On a confirm-leave route with unsaved changes, navigation away is held and the user chooses:
 * continue editing, or leave without saving (which drops the changes and goes where they meant
 * to). Closing or reloading the tab asks through the browser.
 */
export function UnsavedChangesModal({ confirmLeave }: { confirmLeave: boolean }) {
  const { t } = useTranslation();
  const dirty = useUnsavedChanges();
  const guarding = confirmLeave && dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarding && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!guarding) return;
    const warn = (event: BeforeUnloadEvent) => {
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
            setUnsavedChanges(false);
            blocker.proceed?.();
          }}
        >
          {t('shell.unsavedChanges.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
