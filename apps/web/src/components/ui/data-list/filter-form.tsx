import { Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, string | undefined>;

export type FilterFormApi<F extends string> = {
  draft: Partial<Record<F, string>>;
  set: (change: Partial<Record<F, string | undefined>>) => void;
  errors: Partial<Record<F, string>>;
};

export type FilterFormProps<F extends string> = {
  /** The applied filters (from the address). */
  filters: Partial<Record<F, string>>;
  onApply: (filters: Partial<Record<F, string>>) => void;
  /** Translated messages per field, from the same schema the API checks with. */
  validate: (draft: Partial<Record<F, string>>) => Partial<Record<F, string>>;
  children: (form: FilterFormApi<F>) => ReactNode;
  /** Buttons beside Apply and Clear (saved views, export). */
  actions?: ReactNode;
  label: string;
};

/** Identifies a set of filters; give it as the form's `key`, so a new set starts a new draft. */
export const filtersKey = (values: Values) =>
  JSON.stringify(
    Object.entries(values)
      .filter(([, v]) => v)
      .sort(),
  );

/**
 * Filters are edited here and applied together (one history entry per applied set, so back and
 * forward step through views, not keystrokes). Render it with `key={filtersKey(filters)}`: a new
 * address (back, a link, a saved view) then replaces the draft.
 */
export function FilterForm<F extends string>({
  filters,
  onApply,
  validate,
  children,
  actions,
  label,
}: FilterFormProps<F>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Partial<Record<F, string>>>(filters);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const set = (change: Partial<Record<F, string | undefined>>) => {
    setDraft((previous) => {
      const merged: Record<string, string | undefined> = { ...previous, ...change };
      return Object.fromEntries(Object.entries(merged).filter(([, value]) => value)) as Partial<
        Record<F, string>
      >;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(draft);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(draft);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children({ draft, set, errors })}
        <Group gap="xs">
          <Button type="submit">{t('lists.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              setErrors({});
              onApply({});
            }}
          >
            {t('lists.clear')}
          </Button>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
