import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconTool } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMaintenanceUnderWay, type TStatusNotice } from '@service-hub/contracts';
import { inLanguage } from '../../../lib/languages';
import { usePublicStatus } from '../api/get-public-status';
import classes from './status-banner.module.css';

/** The public status page: its own small build, so a plain link, not the router's. */
const STATUS_PAGE = '/status';
/** The notices a user hid on this device, by id: each new incident shows again. */
export const DISMISSED_STATUS_NOTICES_KEY = 'statusBanner.dismissed';

function readDismissed(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DISMISSED_STATUS_NOTICES_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** What the banner is about: an open incident first, otherwise maintenance under way. */
function noticeToShow(notices: readonly TStatusNotice[], dismissed: readonly string[], now: Date) {
  const shown = notices.filter((notice) => !dismissed.includes(notice.id));
  return (
    shown.find((notice) => notice.kind === 'incident' && notice.resolvedAt === null) ??
    shown.find((notice) => isMaintenanceUnderWay(notice, now))
  );
}

/**
 * Tells signed-in users of an open incident (or maintenance under way), with a link to the status
 * page; each notice can be hidden on this device. Gone once the notice closes.
 */
export function StatusBanner() {
  const { t, i18n } = useTranslation();
  const { data } = usePublicStatus();
  const [dismissed, setDismissed] = useState(readDismissed);
  const banner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const notice = data ? noticeToShow(data.notices, dismissed, new Date()) : undefined;

  useEffect(() => {
    const element = banner.current;
    if (!element) {
      setHeight(0);
      return;
    }
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [notice?.id]);

  if (!notice) return null;
  const title = inLanguage(notice.title, i18n.language);
  const dismiss = () => {
    const next = [...dismissed, notice.id];
    try {
      // Only the ids of notices still shown: the list never grows past what is open.
      localStorage.setItem(
        DISMISSED_STATUS_NOTICES_KEY,
        JSON.stringify(next.filter((id) => data?.notices.some((n) => n.id === id))),
      );
    } catch {
      // Storage refused: hidden for this visit only.
    }
    setDismissed(next);
  };
  const isIncident = notice.kind === 'incident';
  return (
    <>
      <div className={classes.spacer} style={{ height }} aria-hidden="true" />
      <Alert
        ref={banner}
        className={classes.banner}
        role="region"
        aria-label={t('shell.statusBanner.label')}
        color={isIncident ? 'orange' : 'blue'}
        variant="light"
        icon={isIncident ? <IconAlertTriangle size={20} aria-hidden /> : <IconTool size={20} aria-hidden />}
        withCloseButton
        onClose={dismiss}
        closeButtonLabel={t('shell.statusBanner.dismiss')}
      >
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} c="dark.8" style={{ overflowWrap: 'anywhere' }}>
            {t(isIncident ? 'shell.statusBanner.incident' : 'shell.statusBanner.maintenance', { title })}
          </Text>
          {/* Dark and underlined: the theme's link blue lacks contrast on the light orange. */}
          <Anchor href={STATUS_PAGE} size="sm" fw={600} c="dark.8" underline="always">
            {t('shell.statusBanner.details')}
          </Anchor>
        </Group>
      </Alert>
    </>
  );
}
