import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export type FilterInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The filter as it stands (e.g. in the address). */
  value: string;
  /** Receives the trimmed text a moment after typing stops. */
  onCommit: (value: string) => void;
};

/** A filter field that writes its value (to the address) a moment after typing stops. */
export function FilterInput({ value, onCommit, ...props }: FilterInputProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const commit = useDebouncedCallback(onCommit, 300);
  // The filter changed elsewhere (back button, a link): show it.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  return (
    <TextInput
      {...props}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setCommitted(next.trim());
        commit(next.trim());
      }}
    />
  );
}
