import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { WidgetCard } from '../components/widget-card';
import { RELEASE_NOTES } from '../release-notes';
import type { OpenWidgetProps } from './widget-types';

/** What is new in the Hub (a list kept in the repository, in every language). */
export function ReleaseNotesWidget({ title }: OpenWidgetProps) {
  const { t, i18n } = useTranslation();
  const day = (date: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  return (
    <WidgetCard title={title}>
      {() => (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {RELEASE_NOTES.map((note) => (
            <li key={note.id}>
              <Title order={3} size="h6">
                {t(`dashboard.releaseNoteEntries.${note.id}.title`)}
              </Title>
              <Text size="xs" c="dimmed" component="time" dateTime={note.date}>
                {day(note.date)}
              </Text>
              <Text size="sm">{t(`dashboard.releaseNoteEntries.${note.id}.text`)}</Text>
            </li>
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
