import { useParams } from 'react-router';
import { Redirect } from '../../../components/ui/redirect';
import { UserEditor } from '../../../components/user-admin/user-editor';
import { usersLinks } from '../users-links';

/** A user for provider staff (spec 2, /users/{id}: loads the user first, confirm leave). */
export function UserPage() {
  const { id } = useParams();
  if (!id) return <Redirect to={usersLinks.list()} replace />;
  return <UserEditor key={id} userId={id} backPath={usersLinks.list()} />;
}
