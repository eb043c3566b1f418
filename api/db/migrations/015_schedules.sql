-- Time-based access (spec 3 §1): schedules with weekly wall-clock windows in an
-- IANA zone, holiday calendars, a schedule per group-room grant, and a room's
-- door unlock schedule. Windows and holidays are JSON as the API reads them
-- ({"monday": [{"start": "09:00", "end": "17:00"}], ...}); the API validates them.

create table holiday_calendars (
  id integer generated always as identity primary key,
  name text not null,
  -- [{ name, date, endDate, repeatsYearly, windows }], in date order.
  holidays jsonb not null default '[]',
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create unique index holiday_calendars_name_key on holiday_calendars (lower(name));
create trigger holiday_calendars_set_updated_at before update on holiday_calendars
  for each row execute function set_updated_at();

create table schedules (
  id integer generated always as identity primary key,
  name text not null,
  description text,
  time_zone text not null,
  weekly jsonb not null,
  -- In use, a calendar cannot go (the API answers 409 first).
  holiday_calendar_id integer references holiday_calendars on delete restrict,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create unique index schedules_name_key on schedules (lower(name));
create index schedules_holiday_calendar_id_idx on schedules (holiday_calendar_id);
create trigger schedules_set_updated_at before update on schedules
  for each row execute function set_updated_at();

-- null: at all times.
alter table group_rooms add column schedule_id integer references schedules on delete restrict;
create index group_rooms_schedule_id_idx on group_rooms (schedule_id) where schedule_id is not null;

alter table rooms
  add column unlock_schedule_id integer references schedules on delete restrict,
  add column first_person_in boolean not null default false;
create index rooms_unlock_schedule_id_idx on rooms (unlock_schedule_id) where unlock_schedule_id is not null;

-- The rule of api/schedules/schedule_time.ts, for the decisions' one statement.
-- schedule_sql_test.ts holds both to the same table of cases.

-- Whether a holiday covers a local date: between date and endDate; a yearly one on
-- its month and day (a range may run into the next year), 29 February only in leap
-- years. One expression with no subquery, declared stable like the text-to-date
-- casts in it, so PostgreSQL inlines it into the caller (otherwise each call is a
-- function call of its own: 20 µs a holiday, half a millisecond for a calendar).
create function holiday_covers(h jsonb, d date) returns boolean
language sql stable parallel safe as $$
  select case when not (h ->> 'repeatsYearly')::boolean
    then d >= (h ->> 'date')::date and d <= coalesce((h ->> 'endDate')::date, (h ->> 'date')::date)
    else coalesce(
      -- This year's occurrence, then last year's (for a range begun then).
      d - (case when substr(h ->> 'date', 6) = '02-29'
                 and not (extract(year from d)::int % 4 = 0
                          and (extract(year from d)::int % 100 <> 0 or extract(year from d)::int % 400 = 0))
                then null
                else make_date(extract(year from d)::int, substr(h ->> 'date', 6, 2)::int,
                               substr(h ->> 'date', 9, 2)::int) end)
        between 0 and coalesce((h ->> 'endDate')::date - (h ->> 'date')::date, 0), false)
      or coalesce(
      d - (case when substr(h ->> 'date', 6) = '02-29'
                 and not ((extract(year from d)::int - 1) % 4 = 0
                          and ((extract(year from d)::int - 1) % 100 <> 0 or (extract(year from d)::int - 1) % 400 = 0))
                then null
                else make_date(extract(year from d)::int - 1, substr(h ->> 'date', 6, 2)::int,
                               substr(h ->> 'date', 9, 2)::int) end)
        between 0 and coalesce((h ->> 'endDate')::date - (h ->> 'date')::date, 0), false)
  end
$$;

-- Whether the schedule is open at an instant: the local date's first covering
-- holiday's windows, or its weekday's; start included, end excluded.
create function schedule_open(p_schedule integer, p_at timestamptz) returns boolean
language sql stable as $$
  with s as (
    select s.weekly, c.holidays, (p_at at time zone s.time_zone) as local
    from schedules s left join holiday_calendars c on c.id = s.holiday_calendar_id
    where s.id = p_schedule
  ),
  day as (
    select s.local::time as tod, coalesce(
      (select x.h -> 'windows'
       from jsonb_array_elements(s.holidays) with ordinality as x (h, n)
       where holiday_covers(x.h, s.local::date)
       order by x.n limit 1),
      s.weekly -> to_char(s.local, 'fmday')) as windows
    from s
  )
  select exists (
    select 1 from day, jsonb_array_elements(day.windows) w
    where day.tod >= (w ->> 'start')::time and day.tod < (w ->> 'end')::time
  )
$$;
