// Demo data for the shell's stories and tests: a coordinator-like menu and a user.
import type { MenuItem } from "./menu";
import type { ShellUser } from "./types";

export const demoMenu: MenuItem[] = [
  { id: "dashboard", title: "Dashboard", path: "/admin-dashboard", icon: "dashboard" },
  { id: "analytics", title: "Analytics", path: "/analytic", icon: "chart-bar" },
  {
    id: "students",
    title: "Students",
    icon: "users",
    children: [
      { id: "individual", title: "Individual students", path: "/individual-student" },
      { id: "total", title: "Total students", path: "/total-student" },
      { id: "paid", title: "Paid students", path: "/paid-student" },
      {
        id: "school-wise",
        title: "School-wise",
        children: [
          { id: "school-paid", title: "Paid by school", path: "/school-paid-student" },
          { id: "school-unpaid", title: "Unpaid by school", path: "/school-unpaid-student" },
        ],
      },
    ],
  },
  {
    id: "schools",
    title: "Schools",
    icon: "school",
    children: [
      { id: "total-schools", title: "Total schools", path: "/school/total-schools" },
      { id: "paid-schools", title: "Paid schools", path: "/paid-schools" },
      { id: "unpaid-schools", title: "Unpaid schools", path: "/unpaid-schools" },
    ],
  },
  {
    id: "results",
    title: "Result overview",
    icon: "award",
    children: [
      { id: "statewise", title: "Statewise student list", path: "/result-overview/statewise-student-list" },
      { id: "school-mock", title: "School Level-1 Exam", path: "/result-overview/school-mock" },
      { id: "reset-exam", title: "Reset exam", path: "/result-overview/reset-exam?level=level-1" },
    ],
  },
  { id: "ranking", title: "Ranking", path: "/state-district", icon: "layers" },
  { id: "send-mail", title: "Send mail", path: "/send-mail", icon: "send" },
  { id: "regions", title: "Regions", path: "/regions", icon: "map-pin" },
];

export const demoUser: ShellUser = {
  username: "statecoordinator",
  name: "Anita Deshpande",
  roleName: "State Coordinator",
  email: "anita.deshpande@example.org",
  assignment: "Maharashtra",
};

/** The demo product logo: a mark and the product name. */
export function DemoLogo() {
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 10, fontWeight: 700, fontSize: 17 }}>
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#50CD89" />
        <path
          d="M9 21.5 16 9l7 12.5M11.8 17h8.4"
          stroke="#072A17"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Exam Portal</span>
    </span>
  );
}
