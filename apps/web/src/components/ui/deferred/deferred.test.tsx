// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, type OpenOnLoad } from './deferred';

afterEach(cleanup);

/** A stand-in for a menu: its button, and its list when open. */
function FakeMenu({ openOnLoad }: OpenOnLoad) {
  const [open, setOpen] = useState(openOnLoad ?? false);
  return (
    <>
      <button onClick={() => setOpen(!open)}>Menu</button>
      {open && <ul aria-label="Menu items" />}
    </>
  );
}

/** A part whose code arrives when the test says so. */
function controlledPart() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const Part = deferred<object>(
    () => arrived.then(() => FakeMenu as ComponentType<OpenOnLoad>),
    ({ onOpen }) => <button onClick={onOpen}>Menu</button>,
  );
  return { Part, arrive: () => act(async () => arrive()) };
}

describe('deferred: a part of the frame loaded after the first paint', () => {
  it('shows the placeholder first, then the part', async () => {
    const { Part, arrive } = controlledPart();
    render(<Part />);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    await arrive();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('list', { name: 'Menu items' })).toBeTruthy();
  });

  it('keeps a click on the placeholder: the part opens as soon as it has loaded', async () => {
    const { Part, arrive } = controlledPart();
    render(<Part />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByRole('list', { name: 'Menu items' })).toBeNull();
    await arrive();
    expect(screen.getByRole('list', { name: 'Menu items' })).toBeTruthy();
  });

  it('moves keyboard focus from the placeholder to the part’s own button', async () => {
    const { Part, arrive } = controlledPart();
    render(<Part />);
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    placeholder.focus();
    await arrive();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).not.toBe(placeholder);
    expect(document.activeElement).toBe(button);
  });

  it('keeps the placeholder when the code cannot load, and tries again on the next mount', async () => {
    let attempts = 0;
    const Part = deferred<object>(
      () => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(FakeMenu)),
      ({ onOpen }) => <button onClick={onOpen}>Menu</button>,
    );
    const first = render(<Part />);
    await act(async () => undefined);
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    first.unmount();
    render(<Part />);
    await act(async () => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('list', { name: 'Menu items' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
