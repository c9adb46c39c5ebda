import { Route, Switch } from 'wouter';
import { HomePage } from './views/HomePage';

// The route table. Until the screens exist, every path shows the stand-in page.
export function App() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route component={HomePage} />
    </Switch>
  );
}
