import { describe, expect, it } from 'vitest';
import { navigation, navigationFor } from '../../../src/domain/shell/navigation';
import { passwordProblem, isPasswordChangeReady, passwordsDiffer } from '../../../src/domain/shell/password-change';
import { can, hasRole, NEEDED_ROLE, refusal, roleLabel, type Action, type Role } from '../../../src/domain/shell/roles';

// The roles' rule in one place: which role each change needs, the reason a control gives when refused, the
// sidebar each role sees, and the password dialog's checks.

const roles: Role[] = ['viewer', 'curator', 'admin'];
const actions = Object.keys(NEEDED_ROLE) as Action[];

describe('who may change what', () => {
  it('lets a viewer change only their own API keys, a curator the curated data and runs too, an admin everything', () => {
    const allowed = (role: Role | null) => actions.filter((action) => can(role, action));
    expect(allowed('viewer')).toEqual(['api_key.own']);
    expect(allowed('curator')).toEqual([
      'dataset.change',
      'entry.change',
      'golden_set.change',
      'judgement.change',
      'catalogue.import',
      'experiment.change',
      'run.change',
      'evaluation.change',
      'model_judge.change',
      'api_key.own',
    ]);
    expect(allowed('admin')).toEqual(actions);
    expect(allowed(null)).toEqual([]);
  });

  it('orders the roles: each has what the ones below it have', () => {
    for (const [index, role] of roles.entries()) {
      expect(roles.map((needed) => hasRole(role, needed))).toEqual(roles.map((_, at) => at <= index));
    }
    expect(roles.map((needed) => hasRole(null, needed))).toEqual([false, false, false]);
  });

  it.each([
    ['viewer', 'dataset.change', 'Needs the curator role — you are a viewer'],
    ['viewer', 'evaluation_script.change', 'Needs the admin role — you are a viewer'],
    ['curator', 'evaluation_script.change', 'Needs the admin role — you are a curator'],
    ['curator', 'account.manage', 'Needs the admin role — you are a curator'],
    [null, 'run.change', 'Needs the curator role — your sign-in carries no role here'],
  ] as const)('tells a %s why %s is refused', (role, action, reason) => {
    expect(refusal(role, action)).toBe(reason);
  });

  it('gives no reason where the role may', () => {
    expect(refusal('curator', 'judgement.change')).toBeNull();
    expect(refusal('admin', 'audit.read')).toBeNull();
  });

  it('names the roles as the user menu shows them', () => {
    expect(roles.map(roleLabel)).toEqual(['Viewer', 'Curator', 'Admin']);
  });
});

describe('the sidebar by role', () => {
  const labels = (role: Role | null) => navigationFor(role).map((entry) => entry.label);
  const everyone = [
    'Dashboard',
    'Datasets',
    'Dataset Entries',
    'Golden Sets',
    'Catalogue',
    'Experiments',
    'Evaluations',
    'Evaluation Scripts',
  ];

  it('shows Model Judges to curators and admins, API keys to every role, Accounts and Audit to admins only', () => {
    expect(labels('admin')).toEqual([...everyone, 'Model Judges', 'API keys', 'Accounts', 'Audit']);
    expect(labels('curator')).toEqual([...everyone, 'Model Judges', 'API keys']);
    expect(labels('viewer')).toEqual([...everyone, 'API keys']);
    expect(labels(null)).toEqual(everyone);
    expect(navigation.map((entry) => entry.href)).toContain('/audit');
  });
});

describe('the password dialog’s checks', () => {
  it.each([
    ['current_password: does not match', { field: 'current', text: 'Does not match' }],
    ['body.new_password must NOT have fewer than 8 characters', { field: 'new', text: 'Must NOT have fewer than 8 characters' }],
    ['new_password: must differ from the current one', { field: 'new', text: 'Must differ from the current one' }],
    ['The new_password is too common', { field: 'new', text: 'The new_password is too common' }],
    ['Accounts are kept by the identity provider', { field: null, text: 'Accounts are kept by the identity provider' }],
  ] as const)('puts “%s” beside the field it names', (message, problem) => {
    expect(passwordProblem(message)).toEqual(problem);
  });

  it('sends only all three given with the repeat the same', () => {
    expect(isPasswordChangeReady({ current: 'a', new: 'secret-99', repeat: 'secret-99' })).toBe(true);
    expect(isPasswordChangeReady({ current: '', new: 'secret-99', repeat: 'secret-99' })).toBe(false);
    expect(isPasswordChangeReady({ current: 'a', new: '', repeat: '' })).toBe(false);
    expect(isPasswordChangeReady({ current: 'a', new: 'secret-99', repeat: 'secret-98' })).toBe(false);
  });

  it('says the repeat differs only once something is typed into it', () => {
    expect(passwordsDiffer({ current: '', new: 'secret-99', repeat: '' })).toBe(false);
    expect(passwordsDiffer({ current: '', new: 'secret-99', repeat: 'secret' })).toBe(true);
    expect(passwordsDiffer({ current: '', new: 'secret-99', repeat: 'secret-99' })).toBe(false);
  });
});
