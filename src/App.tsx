import { Route, Switch } from 'wouter';
import { AuthActorContext, type AuthActorRef } from './views/auth-actor-context';
import { HomePage } from './views/HomePage';
import { LoginPage } from './views/LoginPage';
import { RequireAuth } from './views/RequireAuth';
import { TopBar } from './views/TopBar';

// The route table (spec §2): /login is public, every other route needs a signed-in user.
// Until the screens exist, every protected path shows the stand-in page.
export function App({ auth }: { auth: AuthActorRef }) {
  return (
    <AuthActorContext.Provider value={auth}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route>
          <RequireAuth>
            <TopBar />
            <HomePage />
          </RequireAuth>
        </Route>
      </Switch>
    </AuthActorContext.Provider>
  );
}
