/** What the route table hands every page: its own title, so one component can serve several routes. */
export interface RoutePageProps {
  title: string;
}
