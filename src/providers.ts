// The one place where machines meet services and the router: each flow's machine gets its real
// actors (and navigation) through .provide() here. No flows exist yet; the screens bring them.
import { loadRuntimeConfig } from './services/runtime-config';

export const services = { loadRuntimeConfig } as const;
