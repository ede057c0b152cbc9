import { NavLink, Outlet } from 'react-router';

import { paths } from '@/config/paths';

const PAGES = [
  { to: paths.admin.root.getHref(), label: 'Stock Notes' },
  { to: paths.admin.batch.getHref(), label: 'Batch Analysis' },
  { to: paths.admin.trends.getHref(), label: 'Trends' },
  { to: paths.admin.newsletter.getHref(), label: 'Newsletter' },
  { to: paths.admin.chatTest.getHref(), label: 'Chat Test' },
  { to: paths.admin.kv.getHref(), label: 'Storage' },
  { to: paths.admin.content.getHref(), label: 'Content' },
  { to: paths.admin.jobs.getHref(), label: 'Jobs' },
];

/** Every /admin page (after the access check): navigation between the admin pages, then the page. */
export function AdminLayout() {
  return (
    <div className="space-y-6">
      <nav aria-label="Admin pages" className="flex flex-wrap gap-2 rounded-xl bg-amber-100 p-2">
        {PAGES.map(({ to, label }) => (
          <NavLink
            key={to}
            to={to}
            end
            className={({ isActive }) =>
              `rounded-lg px-3 py-1.5 text-sm font-semibold ${isActive ? 'bg-white text-amber-900 shadow' : 'text-stone-700 hover:text-amber-900'}`
            }
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
