import { useParams } from 'react-router';

/** The service of /administration/services/{service}/…, by id; null when the address holds no id. */
export function useServiceParam(): number | null {
  const { service } = useParams();
  return /^\d{1,9}$/.test(service ?? '') ? Number(service) : null;
}
