import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingPage } from '../components/ui/loading-page';
import { authSession } from '../lib/session/auth-session';
import { LazyAppLayout } from './lazy-app-layout';
import { RequireAuth } from './require-auth';

/**
 * Where the 404 page shows: inside the frame (header, sidebar, language menu) for someone signed
 * in, who should be able to carry on from it; a bare page for a visitor, who is not sent to
 * sign-in just to learn an address is wrong.
 */
export function NotFoundFrame() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    void authSession()
      .hasSession()
      .then(setSignedIn, () => setSignedIn(false));
  }, []);

  if (signedIn === null) return <LoadingPage />;
  if (!signedIn)
    return (
      <Box component="main" id="main">
        <Outlet />
      </Box>
    );
  return (
    <RequireAuth>
      <LazyAppLayout />
    </RequireAuth>
  );
}
