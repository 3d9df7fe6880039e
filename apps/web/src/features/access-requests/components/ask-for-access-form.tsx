import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ACCESS_REQUEST_MESSAGE,
  ZCreateAccessRequestRequest,
  type TMyAccessRequest,
} from '@service-hub/contracts';
import { useForm } from '@mantine/form';
import { validateWith } from '../../../lib/forms/form-validation';
import { useCreateAccessRequest } from '../api/create-access-request';
import { accessRequestErrorKey } from './error-key';
import { fieldErrorsOf } from './field-errors';

type Values = { customerNumber: string; message: string };

/** The customer number's format in words, and the one conflict the server reports on the field. */
const FORMAT_KEYS = { customerNumber: 'accessRequests.ask.customerNumberFormat' };
const SERVER_KEYS = { 'customerNumber.alreadyExists': 'accessRequests.errors.alreadyPending' };

/**
 * The customer number and a message for the account's administrators. The answer never tells
 * whether the number belongs to an account: every request "waits for the administrators".
 */
export function AskForAccessForm() {
  const { t } = useTranslation();
  const create = useCreateAccessRequest();
  const [sent, setSent] = useState<TMyAccessRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { customerNumber: '', message: '' },
    validate: validateWith<Values>(ZCreateAccessRequestRequest, t, { keys: FORMAT_KEYS }),
  });
  const submit = form.onSubmit((values) => {
    setFailure(null);
    setSent(null);
    // The request as the contract reads it (the number trimmed and in capitals).
    create.mutate(ZCreateAccessRequestRequest.parse(values), {
      onSuccess: (created) => {
        setSent(created);
        form.reset();
      },
      onError: (error) => {
        const errors = fieldErrorsOf(error, t, SERVER_KEYS);
        if (Object.keys(errors).length > 0) form.setErrors(errors);
        else setFailure(accessRequestErrorKey(error));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="ask-for-access-heading">
      <Stack>
        {sent && (
          <Alert color={sent.status === 'approved' ? 'green' : 'blue'} role="status">
            {sent.status === 'approved'
              ? t('accessRequests.ask.approvedAtOnce', { account: sent.customerName ?? sent.customerNumber })
              : t('accessRequests.ask.sent', { number: sent.customerNumber })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {t(failure)}
          </Alert>
        )}
        <TextInput
          label={t('accessRequests.ask.customerNumber')}
          description={t('accessRequests.ask.customerNumberHint')}
          required
          autoComplete="off"
          key={form.key('customerNumber')}
          {...form.getInputProps('customerNumber')}
        />
        <Textarea
          label={t('accessRequests.ask.message')}
          description={t('accessRequests.ask.messageHint', { maximum: MAX_ACCESS_REQUEST_MESSAGE })}
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('accessRequests.ask.submit')}
        </Button>
      </Stack>
    </form>
  );
}
