import { useTranslation } from 'react-i18next';
import type { TStatusNotice } from '@service-hub/contracts';
import { formatMoment } from '../lib/format';
import { inLanguage } from '../lib/languages';

type NoticeCardProps = { notice: TStatusNotice; headingLevel: 'h3' };

/** One incident or maintenance notice with its updates, newest first. */
export function NoticeCard({ notice, headingLevel: Heading }: NoticeCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const components = notice.components.map((c) => t(`statusPage.components.${c}`)).join(', ');
  return (
    <article className="notice" id={`notice-${notice.id}`} aria-labelledby={`notice-${notice.id}-title`}>
      <Heading id={`notice-${notice.id}-title`} className="notice-title">
        {inLanguage(notice.title, language)}
      </Heading>
      <p className="notice-meta">
        <span className={`tag tag-${notice.kind}`}>{t(`statusPage.kinds.${notice.kind}`)}</span>
        {notice.impact && <span className="tag">{t(`statusPage.impacts.${notice.impact}`)}</span>}
        <span>{t('statusPage.affects', { components })}</span>
      </p>
      {notice.endsAt && (
        <p className="notice-meta">
          {t('statusPage.window', {
            start: formatMoment(notice.startsAt, language),
            end: formatMoment(notice.endsAt, language),
          })}
        </p>
      )}
      <ol className="updates">
        {notice.updates.map((update) => (
          <li key={update.id}>
            <p className="update-head">
              <strong>{t(`statusPage.updateStatuses.${update.status}`)}</strong>{' '}
              <time dateTime={update.at}>{formatMoment(update.at, language)}</time>
            </p>
            <p className="update-message">{inLanguage(update.message, language)}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
