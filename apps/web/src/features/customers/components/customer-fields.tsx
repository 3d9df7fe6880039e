import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MARKETS } from '@service-hub/contracts';

export type CustomerFormValues = {
  name: string;
  customerNumber: string;
  market: string;
  organizationalNumber: string;
  vatNumber: string;
  notes: string;
  crmMappingGuid: string;
  wodGroupName: string;
};

export const emptyCustomer: CustomerFormValues = {
  name: '',
  customerNumber: '',
  market: 'SE',
  organizationalNumber: '',
  vatNumber: '',
  notes: '',
  crmMappingGuid: '',
  wodGroupName: '',
};

/** Texts the customer schemas set themselves, and codes worded for customers. */
export const CUSTOMER_MESSAGES = {
  'Use a country prefix and digits, e.g. SE123.': 'customers.fields.customerNumberHelp',
  'Incorrect GUID syntax': 'administration.validation.invalidGuid',
  invalidGuid: 'administration.validation.invalidGuid',
  alreadyExists: 'customers.errors.exists',
} as const;

/** The fields of a customer; the customer number only when creating (it never changes). */
export function CustomerFields({
  inputProps,
  withCustomerNumber,
}: {
  inputProps: (field: keyof CustomerFormValues) => GetInputPropsReturnType;
  withCustomerNumber: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t('customers.fields.name')} required {...inputProps('name')} />
      {withCustomerNumber && (
        <TextInput
          label={t('customers.fields.customerNumber')}
          description={t('customers.fields.customerNumberHelp')}
          required
          {...inputProps('customerNumber')}
        />
      )}
      <NativeSelect
        label={t('customers.fields.market')}
        required
        data={MARKETS.map((m) => ({ value: m, label: t(`common.markets.${m}`) }))}
        {...inputProps('market')}
      />
      <TextInput label={t('customers.fields.organizationalNumber')} {...inputProps('organizationalNumber')} />
      <TextInput label={t('customers.fields.vatNumber')} {...inputProps('vatNumber')} />
      <TextInput
        label={t('customers.fields.crmMappingGuid')}
        description={t('administration.service.guidHelp')}
        {...inputProps('crmMappingGuid')}
      />
      <TextInput label={t('customers.fields.wodGroupName')} {...inputProps('wodGroupName')} />
      <Textarea
        label={t('customers.fields.notes')}
        autosize
        minRows={2}
        style={{ gridColumn: '1 / -1' }}
        {...inputProps('notes')}
      />
    </SimpleGrid>
  );
}
