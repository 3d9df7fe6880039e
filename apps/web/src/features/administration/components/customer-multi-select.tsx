import { MultiSelect } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountSearch } from '../api/search-accounts';

type Option = { value: string; label: string };

/**
 * Customers found by name as the administrator types; the chosen ones keep their labels when a
 * later search no longer lists them.
 */
export function CustomerMultiSelect({
  label,
  description,
  inputProps,
}: {
  label: string;
  description: string;
  inputProps: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const accounts = useAccountSearch(debounced);
  const [chosen, setChosen] = useState<Option[]>([]);
  const found = (accounts.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.customerNumber})`,
  }));
  const data = [...chosen, ...found.filter((option) => !chosen.some((c) => c.value === option.value))];
  const selected = (inputProps.value as string[] | undefined) ?? [];
  return (
    <MultiSelect
      label={label}
      description={description}
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('administration.permission.noCustomers')}
      data={data}
      {...inputProps}
      value={selected}
      onChange={(values) => {
        setChosen(data.filter((option) => values.includes(option.value)));
        (inputProps.onChange as (values: string[]) => void)(values);
      }}
    />
  );
}
