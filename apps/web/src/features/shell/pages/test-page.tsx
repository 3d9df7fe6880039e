import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess, showToast } from '../../../lib/feedback/toasts';
import { useReportUnsavedChanges } from '../../../lib/routing/unsaved-changes';

/**
 * Development-only page for trying the frame's behaviours by hand and in browser tests: unsaved
 * changes, toasts and the global error handler.
 */
export function TestPage() {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState('');
  useReportUnsavedChanges(note !== saved);
  return (
    <Stack maw={640}>
      <Title order={1}>{t('titles.testPage')}</Title>
      <Text c="dimmed">{t('shell.testPage.intro')}</Text>
      <Textarea
        label={t('shell.testPage.note')}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={3}
      />
      <Group>
        <Button onClick={() => setSaved(note)} disabled={note === saved}>
          {t('common.save')}
        </Button>
        <Button variant="default" onClick={() => showSuccess('common.changesSaved')}>
          {t('shell.testPage.successToast')}
        </Button>
        <Button
          variant="default"
          onClick={() =>
            showToast({
              appearance: 'warning',
              message: 'common.systemFeedback.errorApi',
              referenceCode: 'TEST-REFERENCE',
            })
          }
        >
          {t('shell.testPage.warningToast')}
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={() => {
            void Promise.reject(new Error('Test failure from the test page'));
          }}
        >
          {t('shell.testPage.unhandledError')}
        </Button>
      </Group>
    </Stack>
  );
}
