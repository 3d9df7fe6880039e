import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_TEXT_FILTER_LENGTH,
  TEXT_FILTER_OPERATORS,
  type TextFilterOperator,
} from '@service-hub/contracts';

export type TextFilterFieldProps = {
  /** The API's parameter name; its operator is `${name}Operator`. */
  name: string;
  label: string;
  value: string;
  operator: TextFilterOperator;
  onChange: (value: string) => void;
  onOperatorChange: (operator: TextFilterOperator) => void;
};

/** A text filter with its operator (spec 4: contains, starts with, ends with, exact, does not contain). */
export function TextFilterField({
  name,
  label,
  value,
  operator,
  onChange,
  onOperatorChange,
}: TextFilterFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        {/* The browser's own list: five fixed choices need no search, and it costs a phone nothing. */}
        <NativeSelect
          w={150}
          aria-label={t('lists.operatorOf', { field: label })}
          data={TEXT_FILTER_OPERATORS.map((op) => ({ value: op, label: t(`lists.textOperators.${op}`) }))}
          value={operator}
          onChange={(event) => onOperatorChange(event.currentTarget.value as TextFilterOperator)}
        />
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          name={name}
          aria-label={label}
          value={value}
          maxLength={MAX_TEXT_FILTER_LENGTH}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </Group>
    </div>
  );
}
