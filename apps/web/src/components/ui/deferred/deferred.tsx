import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Given to a deferred part: the user asked for it (clicked its placeholder) before its code came. */
export type OpenOnLoad = { openOnLoad?: boolean };

/**
 * A part of the frame that a page does not need to show itself — a menu's list, a popover, a
 * dialog, a tooltip — whose code loads right after the first paint instead of before it (the
 * JavaScript a route loads first, docs/performance.md). Until its code is there, `Placeholder`
 * renders the same trigger; a click on it is kept and the part opens as soon as it has loaded,
 * and keyboard focus moves from the placeholder to the part's own trigger.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & OpenOnLoad>>,
  Placeholder: ComponentType<P & { onOpen: () => void }>,
): ComponentType<P> {
  let loaded: ComponentType<P & OpenOnLoad> | undefined;
  let loading: Promise<void> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      // A chunk that failed to load (offline, a new release) is asked for again next time.
      () => {
        loading = undefined;
      },
    );
    return loading;
  };

  function Deferred(props: P) {
    const [, setLoaded] = useState(loaded !== undefined);
    const [openOnLoad, setOpenOnLoad] = useState(false);
    const wrapper = useRef<HTMLSpanElement>(null);
    const placeholderHadFocus = useRef(false);
    useEffect(() => {
      let mounted = true;
      if (!loaded) void start().then(() => mounted && setLoaded(loaded !== undefined));
      return () => {
        mounted = false;
      };
    }, []);
    const Loaded = loaded;
    useLayoutEffect(() => {
      if (Loaded && placeholderHadFocus.current) {
        placeholderHadFocus.current = false;
        wrapper.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      }
    }, [Loaded]);
    return (
      // `display: contents`: the wrapper takes no room, the trigger sits in its parent's layout.
      <span
        ref={wrapper}
        style={{ display: 'contents' }}
        onFocus={() => {
          placeholderHadFocus.current = !Loaded;
        }}
        onBlur={(event) => {
          // Removing the focused placeholder may blur it too, with nowhere to go (null).
          if (event.relatedTarget !== null) placeholderHadFocus.current = false;
        }}
      >
        {Loaded ? (
          <Loaded {...props} openOnLoad={openOnLoad} />
        ) : (
          <Placeholder {...props} onOpen={() => setOpenOnLoad(true)} />
        )}
      </span>
    );
  }
  return Deferred;
}
