import { Navigate, type NavigateProps } from 'react-router';
import { LoadingPage } from './loading-page';

/**
 * Goes to another address, showing the loading page until that page is there. React Router keeps
 * the current screen while the next page's code and texts load, and a bare `<Navigate>` is
 * nothing on screen: on a busy machine that was a blank page for seconds.
 */
export function Redirect(props: NavigateProps) {
  return (
    <>
      <Navigate {...props} />
      <LoadingPage />
    </>
  );
}
