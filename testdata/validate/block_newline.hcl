resource "x"
{
}
