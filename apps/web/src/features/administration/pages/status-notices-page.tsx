import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_HISTORY_DAYS, type TStatusNotice } from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { useStatusNotices } from '../api/list-status-notices';
import { AdministrationNav } from '../components/administration-nav';
import { CreateStatusNoticeForm } from '../components/create-status-notice-form';
import { StatusNoticeUpdateForm } from '../components/status-notice-update-form';

/** The public page, outside this app (its own small build). */
const PUBLIC_STATUS_PAGE = '/status';

/**
 * Incidents and maintenance notices of the public status page (provider administrators): open one,
 * post its updates until it is resolved or completed, and see the last 90 days.
 */
export function StatusNoticesPage() {
  const { t } = useTranslation();
  const notices = useStatusNotices();
  const open = notices.data?.filter((n) => n.resolvedAt === null) ?? [];
  const closed = notices.data?.filter((n) => n.resolvedAt !== null) ?? [];
  return (
    <Stack>
      <Title order={1}>{t('titles.statusNotices')}</Title>
      <AdministrationNav active="status" />
      <Text maw={720}>{t('administration.status.intro')}</Text>
      <Anchor href={PUBLIC_STATUS_PAGE} target="_blank" rel="noopener">
        {t('administration.status.viewPublic')}
      </Anchor>
      <CreateStatusNoticeForm />
      <section aria-labelledby="open-notices">
        <Title order={2} size="h3" id="open-notices" mb="sm">
          {t('administration.status.open')}
        </Title>
        {notices.isPending ? (
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        ) : notices.isError ? (
          // Never "no open incidents" when the list could not be read: that invites a duplicate.
          <Alert
            color="red"
            role="alert"
            // Mantine's light alert titles are too pale on their background for WCAG AA.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            title={t('common.systemFeedback.generalError')}
          >
            <Button size="xs" variant="default" onClick={() => void notices.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : open.length === 0 ? (
          <Text>{t('administration.status.noOpen')}</Text>
        ) : (
          <Stack>
            {open.map((notice) => (
              <NoticePanel key={notice.id} notice={notice} />
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="closed-notices">
        <Title order={2} size="h3" id="closed-notices" mb="sm">
          {t('administration.status.closed', { days: STATUS_HISTORY_DAYS })}
        </Title>
        {notices.isSuccess && closed.length === 0 ? (
          <Text>{t('administration.status.noClosed', { days: STATUS_HISTORY_DAYS })}</Text>
        ) : (
          <Stack>
            {closed.map((notice) => (
              <NoticePanel key={notice.id} notice={notice} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** One notice: what readers see (in English), its updates, and the form for the next one while open. */
function NoticePanel({ notice }: { notice: TStatusNotice }) {
  const { t, i18n } = useTranslation();
  const when = (value: string) => formatDateTime(value, i18n.language);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`notice-${notice.id}`}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={`notice-${notice.id}`}>
          {notice.title['en-SE']}
        </Title>
        <Group gap="xs">
          <Badge variant="light" c="dark.8" tt="none">
            {t(`statusPage.kinds.${notice.kind}`)}
          </Badge>
          {notice.impact && (
            <Badge variant="light" color="orange" c="dark.8" tt="none">
              {t(`statusPage.impacts.${notice.impact}`)}
            </Badge>
          )}
          <Badge variant="outline" c="dark.8" tt="none">
            {t(`statusPage.updateStatuses.${notice.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('statusPage.affects', {
            components: notice.components.map((c) => t(`statusPage.components.${c}`)).join(', '),
          })}
        </Text>
        {notice.endsAt && (
          <Text size="sm">
            {t('statusPage.window', { start: when(notice.startsAt), end: when(notice.endsAt) })}
          </Text>
        )}
        <Stack gap={4} component="ol" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
          {notice.updates.map((update) => (
            <li key={update.id}>
              <Text size="sm">
                <strong>{t(`statusPage.updateStatuses.${update.status}`)}</strong> · {when(update.at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {update.message['en-SE']}
              </Text>
            </li>
          ))}
        </Stack>
        {notice.resolvedAt === null && <StatusNoticeUpdateForm notice={notice} />}
      </Stack>
    </Paper>
  );
}
