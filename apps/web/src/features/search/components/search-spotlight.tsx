import '@mantine/spotlight/styles.css';
import { Badge, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import {
  IconBuilding,
  IconClock,
  IconFileInvoice,
  IconFiles,
  IconHeadset,
  IconMessage,
  IconReport,
  IconSearch,
  IconTransfer,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResultKind, TSearchResult } from '@service-hub/contracts';
import { formatDateTime } from '../../../lib/format';
import { useClearSearchHistory, useRecordSearchOpened, useSearch, useSearchHistory } from '../api/search';
import { askSupportLink, resultLink } from '../search-links';
import type { SearchButtonProps } from './search-button';
import classes from './search-spotlight.module.css';

const KIND_ICONS: Record<SearchResultKind, Icon> = {
  trackingDocument: IconFileInvoice,
  trackingFile: IconFiles,
  ediConsignment: IconTransfer,
  ediMessage: IconMessage,
  ediDocument: IconFileInvoice,
  supportCase: IconHeadset,
  report: IconReport,
  customer: IconBuilding,
  user: IconUser,
};

/** The catalog key of a result's status, in its own feature's vocabulary. */
function statusKey(result: TSearchResult): string | null {
  if (!result.status) return null;
  switch (result.kind) {
    case 'trackingDocument':
    case 'trackingFile':
      return `tracking.statuses.${result.status}`;
    case 'ediConsignment':
    case 'ediMessage':
    case 'ediDocument':
      return `ediTracking.statuses.${result.status}`;
    case 'supportCase':
      return `support.statuses.${result.status}`;
    case 'report':
      return `reports.statuses.${result.status}`;
    case 'customer':
    case 'user':
      return `search.userStatuses.${result.status}`;
  }
}

/** Waits this long after the last keystroke before asking the server. */
const TYPING_PAUSE_MS = 150;

type SearchSpotlightProps = SearchButtonProps & { opened: boolean; onClose: () => void };

/**
 * The search dialog: results grouped by kind across every account the user holds, each opening
 * its page in its own account; before typing, recent searches and recently opened items.
 */
export default function SearchSpotlight({ opened, onClose, canOpen }: SearchSpotlightProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [[store, actions]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [typed] = useDebouncedValue(query.trim(), TYPING_PAUSE_MS);
  const search = useSearch(typed);
  const history = useSearchHistory(opened);
  const record = useRecordSearchOpened();
  const clearHistory = useClearSearchHistory();

  useEffect(() => {
    if (opened) actions.open();
  }, [opened, actions]);

  const open = (result: TSearchResult, to: string) => {
    if (typed) {
      record.mutate({
        query: typed,
        kind: result.kind,
        id: result.id,
        consignmentId: result.consignmentId,
        accountId: result.account?.id ?? null,
      });
    }
    void navigate(to);
  };

  const resultAction = (result: TSearchResult) => {
    const KindIcon = KIND_ICONS[result.kind];
    const status = statusKey(result);
    const ask = askSupportLink(result);
    const facts = [result.account?.name, result.date && formatDateTime(result.date, i18n.language)].filter(
      Boolean,
    );
    return [
      <Spotlight.Action
        key={`${result.kind}:${result.key}`}
        onClick={() => open(result, resultLink(result))}
        className={classes.action}
      >
        <Group wrap="nowrap" gap="sm" w="100%">
          <KindIcon size={20} aria-hidden className={classes.icon} />
          <div className={classes.main}>
            <Text size="sm" fw={500} truncate="end">
              {result.title}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {[t(`search.fields.${result.matchedField}`), result.detail].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <div className={classes.side}>
            {status && (
              <Badge size="xs" variant="light" color="gray" className={classes.status}>
                {t(status)}
              </Badge>
            )}
            <Text size="xs" c="dimmed" truncate="end">
              {facts.join(' · ')}
            </Text>
          </div>
        </Group>
      </Spotlight.Action>,
      ask && canOpen(ask) && (
        <Spotlight.Action
          key={`${result.kind}:${result.key}:support`}
          onClick={() => open(result, ask)}
          className={classes.askSupport}
          aria-label={t('search.askSupportAbout', { item: result.title })}
        >
          <Group gap={6} wrap="nowrap">
            <IconHeadset size={14} aria-hidden />
            <Text size="xs">{t('search.askSupport')}</Text>
          </Group>
        </Spotlight.Action>
      ),
    ];
  };

  const groups = typed ? (search.data?.groups ?? []) : [];
  const count = groups.reduce((sum, group) => sum + group.results.length, 0);
  const searches = history.data?.searches ?? [];
  const opens = history.data?.opened ?? [];

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={() => {
        // Opened again, it starts afresh: recent searches and items first.
        setQuery('');
        onClose();
      }}
      scrollable
      maxHeight="min(70vh, 640px)"
      size="xl"
    >
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('shell.search.label')}
        maxLength={100}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          search.isFetching ? <Loader size="xs" role="status" aria-label={t('common.loading')} /> : null
        }
      />
      <VisuallyHidden aria-live="polite">
        {typed && search.data && !search.isFetching ? t('search.resultCount', { count }) : ''}
      </VisuallyHidden>
      <Spotlight.ActionsList aria-label={t('search.results')}>
        {!typed && searches.length > 0 && (
          <ResultGroup label={t('search.recentSearches')}>
            {searches.map((recent) => (
              <Spotlight.Action
                key={recent.query}
                closeSpotlightOnTrigger={false}
                onClick={() => setQuery(recent.query)}
                leftSection={<IconClock size={16} aria-hidden />}
                label={recent.query}
              />
            ))}
          </ResultGroup>
        )}
        {!typed && opens.length > 0 && (
          <ResultGroup label={t('search.recentlyOpened')}>{opens.map(resultAction)}</ResultGroup>
        )}
        {!typed && (searches.length > 0 || opens.length > 0) && (
          <Spotlight.Action
            closeSpotlightOnTrigger={false}
            onClick={() => clearHistory.mutate()}
            className={classes.askSupport}
            label={t('search.clearHistory')}
          />
        )}
        {!typed && !history.isPending && searches.length === 0 && opens.length === 0 && (
          <Spotlight.Empty>{t('search.hint')}</Spotlight.Empty>
        )}
        {groups.map((group) => (
          <ResultGroup key={group.kind} label={t(`search.kinds.${group.kind}`)}>
            {group.results.map(resultAction)}
            {group.more && (
              <Text size="xs" c="dimmed" px="md" pb={4}>
                {t('search.more')}
              </Text>
            )}
          </ResultGroup>
        ))}
        {typed && search.isError && <Spotlight.Empty>{t('search.failed')}</Spotlight.Empty>}
        {typed && search.data && !search.isPlaceholderData && count === 0 && (
          <Spotlight.Empty>{t('search.nothingFound', { query: typed })}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs" c="dimmed">
          {t('search.keys')}
        </Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

/**
 * A group of results with a visible heading that assistive technology reads as the group's name
 * (Spotlight's own group draws its label with CSS, which is not reliably announced).
 */
function ResultGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={classes.group}>
      <Text id={id} size="xs" fw={700} c="dimmed" className={classes.groupLabel}>
        {label}
      </Text>
      {children}
    </div>
  );
}
