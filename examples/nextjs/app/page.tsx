import { Header } from './header';

export default function Home() {
  return (
    <main>
      <h1>Next.js with Cairn</h1>
      <Header />
    </main>
  );
}
