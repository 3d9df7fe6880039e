import { Navigate, useParams } from 'react-router';
import { UserEditor } from '../../../components/user-admin/user-editor';
import { usersLinks } from '../users-links';

/** A user for provider staff (spec 2, /users/{id}: loads the user first, confirm leave). */
export function UserPage() {
  const { id } = useParams();
  if (!id) return <Navigate to={usersLinks.list()} replace />;
  return <UserEditor key={id} userId={id} backPath={usersLinks.list()} />;
}
