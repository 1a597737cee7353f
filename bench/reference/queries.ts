/**
 * The reference's statements: each page in one statement, prepared once under a name, plus the session's.
 * The rules they repeat are the server's (apps/api/src/modules/accounts/account-status.ts, account.queries.ts,
 * account-list.queries.ts, schedule/schedule.queries.ts, schedule/counting-registrations.ts), written
 * out by hand; bench/reference/check.ts holds them to byte-identical answers.
 */

/** A class registration that counts (decision 014), on `r`. */
const counts = (r: string) => `(${r}.is_dropped = false and ${r}.i_status > 0 and ${r}.status <> -1)`;

export type Statement = { name: string; types: string[]; text: string };

/**
 * The live session of a token hash: its role, studio and family, and what a change notice may name it by
 * (its session, membership, person and studio) with its expiry, for the reference's session cache.
 */
export const SESSION: Statement = {
  name: 'ref_session',
  types: ['text'],
  text: `select m.role, m.company_id, m.family_id, s.id as session_id, m.id as membership_id, u.id as user_id,
      s.expires_at
    from sessions s
    join memberships m on m.id = s.membership_id
    join users u on u.id = s.user_id
    join companies c on c.id = m.company_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
    limit 1`,
};

/**
 * GET mystudio/account/list/{status}: the tabs' counts (the studio's kept counts of its families by
 * status, studio_counts, as the server reads them: decision 109), the list's total and one page, each
 * family with its balance (cents) and students; a family of the active-filter has a registration that
 * counts in a class of the current term matching it.
 * $1 studio, $2 status, $3 locID, $4 rmID, $5 clSchID, $6 day, $7 level, $8 a filter is set, $9 limit,
 * $10 offset.
 */
export const ACCOUNT_LIST: Statement = {
  name: 'ref_account_list',
  types: ['uuid', 'text', 'uuid', 'uuid', 'uuid', 'int', 'int', 'boolean', 'int', 'int'],
  text: `with shown as (
      select f.id, f.last_name, f.email, f.phone, f.created_at, f.term_status as status
      from family_accounts f
      where f.company_id = $1 and f.term_status = $2
        and (not $8 or exists (
          select 1 from students st
          join class_registrations r on r.company_id = $1 and r.student_id = st.id
          join classes c on c.id = r.class_id and c.company_id = $1
          join year_terms y on y.id = c.year_term_id and y.company_id = $1 and y.is_current
          join rooms rm on rm.id = c.room_id and rm.company_id = $1
          where st.company_id = $1 and st.family_id = f.id and ${counts('r')}
            and ($3::uuid is null or rm.location_id = $3) and ($4::uuid is null or c.room_id = $4)
            and ($5::uuid is null or c.id = $5) and ($6::int is null or c.day = $6)
            and ($7::int is null or c.level = $7)))
    ), page as (
      select * from shown order by lower(last_name), id limit $9 offset $10
    )
    select tabs.active, tabs.inactive, tabs.incomplete,
      (select count(*) from shown)::int as total,
      (select coalesce(json_agg(json_build_object(
        'id', p.id, 'lastName', p.last_name, 'email', p.email, 'phone', p.phone, 'createdAt', p.created_at,
        'status', p.status,
        'balance', (select coalesce(sum(e.amount), 0)::int from ledger_entries e
          where e.company_id = $1 and e.account = 'receivable' and e.family_id = p.id),
        'students', (select coalesce(json_agg(json_build_object('id', s.id, 'firstName', s.first_name,
            'lastName', s.last_name) order by s.created_at, lower(s.first_name), lower(s.last_name), s.id), '[]')
          from students s where s.company_id = $1 and s.family_id = p.id)
      ) order by lower(p.last_name), p.id), '[]') from page p) as items
    from (
      select coalesce(sum(n) filter (where key = 'active'), 0)::int as active,
        coalesce(sum(n) filter (where key = 'inactive'), 0)::int as inactive,
        coalesce(sum(n) filter (where key = 'incomplete'), 0)::int as incomplete
      from studio_counts where company_id = $1 and counter = 'families'
    ) tabs`,
};

/**
 * GET mystudio/schedule/: the term (the one named, or the current one), the studio's locations and rooms,
 * the room selected (the one asked for, else the first of the location asked for or of the first one)
 * and its classes with their teacher, price and count (the class's kept places, studio_counts, as the
 * server reads them: decision 121). $1 studio, $2 yrTrmID, $3 locID, $4 rmID.
 */
export const SCHEDULE: Statement = {
  name: 'ref_schedule',
  types: ['uuid', 'uuid', 'uuid', 'uuid'],
  text: `with term as (
      select id from year_terms where company_id = $1 and (case when $2::uuid is null then is_current else id = $2 end)
      limit 1
    ), locs as (
      select id, name from locations where company_id = $1 order by name, id limit 500
    ), rms as (
      select id, location_id, name, description from rooms where company_id = $1 order by name, id limit 2000
    ), asked as (
      select id, location_id from rms where id = $4 and ($3::uuid is null or location_id = $3)
    ), loc as (
      select coalesce((select location_id from asked), (select id from locs where id = $3),
        (select id from locs order by name, id limit 1)) as id
    ), room as (
      select coalesce((select id from asked),
        (select id from rms where location_id = (select id from loc) order by name, id limit 1)) as id
    )
    select (select id from term) as term_id,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]') from locs) as locs,
      (select coalesce(json_agg(json_build_object('id', id, 'locationID', location_id, 'name', name,
        'description', description) order by name, id), '[]') from rms) as rooms,
      (select id from loc) as loc_id, (select id from room) as room_id,
      (select coalesce(json_agg(x order by x.day, x."timeStart", x.name, x.id), '[]') from (
        select c.id, c.name, c.day, c.time_start as "timeStart", c.time_end as "timeEnd",
          c.year_term_id as "yearTermID", c.room_id as "roomID", r.location_id as "locationID",
          c.price_id as "priceID", c.teacher_id as "teacherID", t.first_name as tf, t.last_name as tl,
          c.age_min, c.age_max, c.level, c.n_min as "nMin", c.n_max as "nMax", p.price,
          c.is_open as "isOpen", c.min_genre_required as "minGenreRequired",
          (select coalesce(sum(k.n), 0) from studio_counts k where k.company_id = c.company_id
            and k.counter = 'places' and k.key = c.id::text)::int as "nReg"
        from classes c
        join rooms r on r.id = c.room_id
        join teachers t on t.id = c.teacher_id
        join class_tuitions p on p.id = c.price_id
        where c.company_id = $1 and c.year_term_id = (select id from term) and c.room_id = (select id from room)
        order by c.day, c.time_start, c.name, c.id
        limit 2000
      ) x) as cls`,
};

const studentOrder = (s: string) => `${s}.created_at, lower(${s}.first_name), lower(${s}.last_name), ${s}.id`;

/**
 * GET parents/account/: the family with its status, its people, students, classes of the current term
 * and the studio's terms with the family's latest acceptance of each. $1 studio, $2 family.
 */
export const PARENT_ACCOUNT: Statement = {
  name: 'ref_parent_account',
  types: ['uuid', 'uuid'],
  text: `select
      (select json_build_object('id', f.id, 'lastName', f.last_name, 'address', f.address, 'address2', f.address2,
        'city', f.city, 'state', f.state, 'zipcode', f.zipcode, 'phone', f.phone, 'email', f.email,
        'createdAt', f.created_at,
        'status', f.term_status)
        from family_accounts f where f.company_id = $1 and f.id = $2) as account,
      (select coalesce(json_agg(x), '[]') from (
        select fp.id, fp.kind, fp.first_name as "firstName", fp.last_name as "lastName", fp.phone, fp.role,
          coalesce(u.email, '') as email,
          case when u.id is null then 'none' when m.pending is not false then 'invited' else 'active' end as login
        from family_people fp
        left join users u on u.id = fp.user_id
        left join memberships m on m.user_id = fp.user_id and m.company_id = $1
        where fp.company_id = $1 and fp.family_id = $2
        order by fp.created_at, lower(fp.first_name), fp.id
        limit 200) x) as people,
      (select coalesce(json_agg(x), '[]') from (
        select s.id, s.first_name as "firstName", s.last_name as "lastName", s.phone, s.dob, s.gender
        from students s where s.company_id = $1 and s.family_id = $2
        order by ${studentOrder('s')}
        limit 200) x) as students,
      (select coalesce(json_agg(x), '[]') from (
        select r.id as "clsRegID", r.class_id as "clSchID", r.student_id as "acctStudentID", c.name, c.day,
          c.time_start as "timeStart", c.time_end as "timeEnd", t.first_name as tf, t.last_name as tl,
          rm.name as room, l.name as location, c.level, r.pr_0 as pr0, r.pr_i as pri, r.pr_f as prf,
          r.n_th as "nTh", r.i_status as "iStatus", r.status, r.date_i as "Date_i", r.date_f as "Date_f",
          r.is_dropped as "isDropped"
        from class_registrations r
        join students s on s.id = r.student_id
        join classes c on c.id = r.class_id and c.company_id = $1
        join year_terms y on y.id = c.year_term_id and y.company_id = $1 and y.is_current = true
        join teachers t on t.id = c.teacher_id
        join rooms rm on rm.id = c.room_id
        join locations l on l.id = rm.location_id
        where r.company_id = $1 and s.company_id = $1 and s.family_id = $2
        order by ${studentOrder('s')}, c.day, c.time_start, c.name, r.id
        limit 1000) x) as classes,
      (select coalesce(json_agg(x), '[]') from (
        select d.id, d.title, d.version, latest.version as "acceptedVersion", latest.accepted_at as "acceptedAt",
          u.first_name as af, u.last_name as al
        from terms_documents d
        left join (
          select distinct on (a.document_id) a.document_id, a.version, a.created_at as accepted_at, a.user_id
          from terms_acceptances a
          where a.company_id = $1 and a.family_id = $2 and a.accepted = true
          order by a.document_id, a.created_at desc, a.id desc
        ) latest on latest.document_id = d.id
        left join users u on u.id = latest.user_id
        where d.company_id = $1
        order by d.sort_order, d.created_at, d.id
        limit 50) x) as terms`,
};

export const STATEMENTS = [SESSION, ACCOUNT_LIST, SCHEDULE, PARENT_ACCOUNT];
