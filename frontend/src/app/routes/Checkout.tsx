export default function Checkout() {
  return <main className="p-8"><h1 className="text-2xl font-bold">Checkout</h1></main>;
}
