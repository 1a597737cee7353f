import { ANY_OWNER, type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

/**
 * The access matrix of families (issue 6): the owner's account calls against family A of studio X, and
 * the parent's calls, where each parent reaches only their own family. Parent B names family A's
 * records and must find nothing (404); studio Y's owner likewise.
 */
export function familyRows({ scene, made, unique }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const address = () => `${unique('family').replace(/\W+/g, '-')}@matrix.example`;
  const frontDesk = (email = '') => ({
    user: { firstName: 'Front', lastName: unique('Desk'), phone: '9735550123', role: 'Father', email },
    students: [{ firstName: 'Kit', lastName: 'Desk', dob: '2018-02-02' }],
    acctInfo: { address: '1 Main St', city: 'Newark', state: 'NJ', zipcode: '07102' },
  });
  const contact = () => ({ firstName: 'Aunt', lastName: unique('May'), phone: '9735550124', role: 'Sister' });
  /** A contact of family A that a delete may take. */
  const freshContact = () =>
    made('/api/mystudio/account/user', { uType: 'contact', nUser: contact(), aID: x().family });
  /**
   * The contact a delete names: a fresh one for the actor who may take it, family A's standing one for
   * the actors refused, so refused calls leave no contacts behind (a family keeps at most 10).
   */
  const contactFor = async (actor: string, allowed: string) =>
    actor === allowed ? await freshContact() : x().familyContact;
  const contactInfo = () => ({
    address: unique('2 Elm St'),
    address2: '',
    city: 'Newark',
    state: 'NJ',
    zipcode: '07102',
    phone: '9735550125',
    email: 'family-a@matrix.example',
  });
  const A = '/api/mystudio/account';
  const read = (part: string): Row => ({
    access: 'owner',
    expect: OWNER_OF_X,
    request: () => ({ url: `${A}/${x().family}/${part}` }),
  });

  return {
    // The owner's lists and one account.
    'GET /api/mystudio/account/list/:status': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${A}/list/active` }),
    },
    'POST /api/mystudio/account/filter/accounts': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${A}/filter/accounts`, payload: { status: 'active', filter: {} } }),
    },
    'GET /api/mystudio/account/:id/info': read('info'),
    'GET /api/mystudio/account/:id/students': read('students'),
    'GET /api/mystudio/account/:id/logs': read('logs'),
    'GET /api/mystudio/account/:id/toc': read('toc'),
    'GET /api/mystudio/account/:id/aboutStudio': read('aboutStudio'),
    'POST /api/mystudio/account': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: A, payload: frontDesk() }),
    },
    'DELETE /api/mystudio/account/:acctId/:coAcctMemID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const id = await made(A, frontDesk());
        return { url: `${A}/${id}/${id}` };
      },
    },
    'POST /api/mystudio/account/:id/invite/:userId': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const id = await made(A, frontDesk(address()));
        const info = await scene().ownerX.get(`${A}/${id}/info`);
        return { url: `${A}/${id}/invite/${info.body[1].users[0].id}` };
      },
    },
    'POST /api/mystudio/account/user': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: `${A}/user`,
        payload: { uType: 'contact', nUser: contact(), aID: x().family, coAcctMemID: x().family },
      }),
    },
    'PUT /api/mystudio/account/user/': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: `${A}/user/`,
        payload: { type: 'contact', user: { id: x().familyContact, ...contact() } },
      }),
    },
    'DELETE /api/mystudio/account/user/:type/:id/:accountKey': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${A}/user/contact/${await contactFor(actor, 'ownerX')}/${x().family}`,
      }),
    },
    'PUT /api/mystudio/account/contactInfo': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${A}/contactInfo`, payload: { id: x().family, ...contactInfo() } }),
    },

    // The parent's own family.
    'GET /api/parents/account/': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/account/' }),
    },
    'POST /api/parents/account/user': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/account/user', payload: { type: 'contact', user: contact() } }),
    },
    'PUT /api/parents/account/user/': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: () => ({
        url: '/api/parents/account/user/',
        payload: { type: 'contact', user: { id: x().familyContact, ...contact() } },
      }),
    },
    'DELETE /api/parents/account/user/:type/:id': {
      access: 'parent',
      expect: PARENT_OF_A,
      request: async (actor) => ({
        url: `/api/parents/account/user/contact/${await contactFor(actor, 'parentA')}`,
      }),
    },
    'GET /api/parents/account/terms': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/account/terms' }),
    },
    'POST /api/parents/account/terms': {
      // Each parent accepts for their own family (the session names it); an owner accepts for no one.
      access: 'parent',
      expect: PARENTS,
      request: async () => {
        const docs = await scene().ownerX.get('/api/mystudio/documents');
        const doc = docs.body[1].find((d: { id: string }) => d.id === x().document);
        return { url: '/api/parents/account/terms', payload: { coTermID: doc.id, version: doc.version } };
      },
    },
    'PUT /api/parents/account/contactInfo': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/account/contactInfo', payload: contactInfo() }),
    },
  };
}
