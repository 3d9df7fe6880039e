import { useTranslation } from 'react-i18next';
import { LANGUAGES, STATUS_HISTORY_DAYS, type ComponentState, type Language } from '@service-hub/contracts';
import { formatMoment } from '../lib/format';
import { NoticeCard } from './notice-card';
import { switchStatusLanguage } from './status-i18n';
import { usePublicStatus, type PublicStatusState } from './use-public-status';

/** The worst state first: the page's summary says the worst one. */
const SUMMARY_ORDER: readonly ComponentState[] = [
  'outage',
  'degraded',
  'unknown',
  'maintenance',
  'operational',
];

/** A shape per state besides its colour and its word, so that no one needs the colour. */
const STATE_MARK: Record<ComponentState, string> = {
  operational: '✓',
  maintenance: '⚙',
  degraded: '!',
  outage: '✕',
  unknown: '?',
};

/**
 * The public status page: each part of the Hub with its state in words, what is going on now,
 * the history of 90 days and the feed. Refreshes itself; every block keeps its place.
 */
export function StatusPage({ initial }: { initial: PublicStatusState }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { status, failed } = usePublicStatus(initial);

  const chooseLanguage = (next: Language) => {
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(null, '', url);
    // Its words did not arrive: the page stays in the language it has, the chooser shows it.
    switchStatusLanguage(next).catch((error: unknown) => console.error(error));
  };

  const states = status?.components.map((c) => c.state) ?? [];
  const summary = SUMMARY_ORDER.find((state) => states.includes(state));
  const current = status?.notices.filter((n) => n.resolvedAt === null) ?? [];
  const history = status?.notices.filter((n) => n.resolvedAt !== null) ?? [];
  const feed = `/api/status/feed.atom?lang=${encodeURIComponent(language)}`;

  return (
    <>
      <header className="page-header">
        <a className="brand" href="/">
          {t('statusPage.brand')}
        </a>
        <label className="language">
          <span>{t('statusPage.language')}</span>
          <select value={language} onChange={(event) => chooseLanguage(event.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`common.languages.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" className="page">
        <h1>{t('statusPage.title')}</h1>
        <div className={`summary summary-${summary ?? 'loading'}`} role="status" aria-live="polite">
          <p className="summary-text">
            {summary
              ? t(`statusPage.summary.${summary}`)
              : failed
                ? t('statusPage.loadFailed')
                : t('statusPage.loading')}
          </p>
          <p className="summary-time">
            {status &&
              (failed
                ? t('statusPage.refreshFailed', { time: formatMoment(status.updatedAt, language) })
                : t('statusPage.updatedAt', { time: formatMoment(status.updatedAt, language) }))}
          </p>
        </div>

        <section aria-labelledby="components-heading">
          <h2 id="components-heading">{t('statusPage.componentsHeading')}</h2>
          <ul className="components">
            {(status?.components ?? []).map((component) => (
              <li key={component.id} className="component">
                <span className="component-name">{t(`statusPage.components.${component.id}`)}</span>
                <span className={`state state-${component.state}`}>
                  <span className="state-mark" aria-hidden="true">
                    {STATE_MARK[component.state]}
                  </span>
                  {t(`statusPage.states.${component.state}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="current-heading">
          <h2 id="current-heading">{t('statusPage.currentHeading')}</h2>
          {status && current.length === 0 && <p>{t('statusPage.noCurrent')}</p>}
          {current.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} headingLevel="h3" />
          ))}
        </section>

        <section aria-labelledby="history-heading">
          <h2 id="history-heading">{t('statusPage.historyHeading', { days: STATUS_HISTORY_DAYS })}</h2>
          {status && history.length === 0 && (
            <p>{t('statusPage.noHistory', { days: STATUS_HISTORY_DAYS })}</p>
          )}
          {history.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} headingLevel="h3" />
          ))}
        </section>
      </main>
      <footer className="page-footer">
        <a href={feed} type="application/atom+xml">
          {t('statusPage.feed')}
        </a>
        <a href="/">{t('statusPage.toHub')}</a>
      </footer>
    </>
  );
}
