import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-definition';

/** One part of a title: a translation key, or a name from the data (a customer's, say). */
export type TitlePart = { key: string } | { text: string };

type MatchLike = { id: string; handle?: unknown };

/**
 * The tab title's trail, outermost first: each matched route's title parts, or instead the name
 * of the entity that route shows once its page has loaded it (a customer, an external service).
 */
export function titleTrail(
  matches: readonly MatchLike[],
  entities: ReadonlyMap<string, TitlePart>,
): TitlePart[] {
  return matches.flatMap((match) => {
    const entity = entities.get(match.id);
    if (entity) return [entity];
    return ((match.handle as RouteHandle | undefined)?.title ?? []).map((key) => ({ key }));
  });
}

/**
 * The page heading: the page's own name, not the trail (which wraps on phones). Under an entity
 * the entity's name comes first, so heading and tab title name the same thing; on the entity's
 * own page (a route without a title of its own) the name alone.
 */
export function headingParts(
  matches: readonly MatchLike[],
  entities: ReadonlyMap<string, TitlePart>,
): TitlePart[] {
  let entity: TitlePart | undefined;
  let own: TitlePart | undefined;
  for (const match of matches) {
    const named = entities.get(match.id);
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (named) {
      entity = named;
      own = undefined;
    } else if (title?.length) {
      own = { key: title[title.length - 1]! };
    }
  }
  return [entity, own].filter((part): part is TitlePart => part !== undefined);
}

let entities: ReadonlyMap<string, TitlePart> = new Map();
const listeners = new Set<() => void>();

function setEntity(routeId: string, part: TitlePart | undefined) {
  const next = new Map(entities);
  if (part) next.set(routeId, part);
  else next.delete(routeId);
  entities = next;
  listeners.forEach((listener) => listener());
}

function useEntities() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entities,
    () => entities,
  );
}

/** Names the entity a route shows (its id in the route table), for the heading and tab title. */
export function useEntityTitle(routeId: string, part: TitlePart | undefined) {
  const key = part && 'key' in part ? part.key : undefined;
  const text = part && 'text' in part ? part.text : undefined;
  useEffect(() => {
    setEntity(routeId, key !== undefined ? { key } : text !== undefined ? { text } : undefined);
    return () => setEntity(routeId, undefined);
  }, [routeId, key, text]);
}

/** The current page's heading and tab title ("Part · Part · Service Hub"), translated. */
export function usePageTitle(): { heading: string; tabTitle: string } {
  const { t } = useTranslation();
  const matches = useMatches();
  const named = useEntities();
  const render = (part: TitlePart) => ('key' in part ? t(part.key) : part.text);
  const heading = headingParts(matches, named).map(render).join(' · ');
  const trail = titleTrail(matches, named).map(render);
  return { heading: heading || t('app.title'), tabTitle: [...trail, t('app.title')].join(' · ') };
}
